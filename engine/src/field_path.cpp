#include "diorama/field_path.h"

#include "diorama/suggest.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <cmath>
#include <variant>

namespace diorama {

namespace {

// Index of a vector part: x/y for vec2; r/g/b/a or x/y/z/w for colors; -1 when not one.
int part_index(FieldType type, std::string_view part) {
    static constexpr std::string_view kXyzw[] = {"x", "y", "z", "w"};
    static constexpr std::string_view kRgba[] = {"r", "g", "b", "a"};
    const int count = type == FieldType::Vec2 ? 2 : type == FieldType::Color ? 4 : 0;
    for (int i = 0; i < count; ++i)
        if (part == kXyzw[i] || (type == FieldType::Color && part == kRgba[i])) return i;
    return -1;
}

bool finite(const FieldValue& v) {
    if (const float* f = std::get_if<float>(&v)) return std::isfinite(*f);
    if (const glm::vec2* v2 = std::get_if<glm::vec2>(&v))
        return std::isfinite(v2->x) && std::isfinite(v2->y);
    if (const glm::vec4* v4 = std::get_if<glm::vec4>(&v))
        return std::isfinite(v4->x) && std::isfinite(v4->y) && std::isfinite(v4->z) &&
               std::isfinite(v4->w);
    if (const PropertyMap* m = std::get_if<PropertyMap>(&v)) {
        for (const auto& [key, pv] : *m) {
            FieldValue as_field = std::visit([](const auto& x) -> FieldValue { return x; }, pv);
            if (!finite(as_field)) return false;
        }
    }
    return true;
}

Error wrong_type(const FieldInfo& field, const FieldValue& got, std::string_view where) {
    return make_error(ErrorCode::Type,
                      std::string("expected ") + to_string(field.type) + ", got " +
                          value_type_name(got),
                      std::string(where));
}

Result<const FieldInfo*> resolve(const World& world, Handle h, const FieldPath& p,
                                 std::string_view path, const TypeInfo** type_out) {
    if (!world.alive(h))
        return make_error(ErrorCode::StaleHandle, "the object no longer exists", std::string(path));
    const TypeInfo* type = world.registry().find(p.component);
    if (type == nullptr)
        return make_error(ErrorCode::UnknownType,
                          "no component type '" + p.component + "'" +
                              did_you_mean(p.component, world.registry().names()),
                          std::string(path));
    const FieldInfo* field = type->find_field(p.field);
    if (field == nullptr)
        return make_error(ErrorCode::NotFound,
                          p.component + " has no field '" + p.field + "'" +
                              did_you_mean(p.field, type->field_names()),
                          std::string(path));
    *type_out = type;
    return field;
}

} // namespace

const char* value_type_name(const FieldValue& value) {
    static constexpr const char* kNames[] = {"bool",  "int",    "float",      "string", "vec2",
                                             "color", "object", "properties", "tiles"};
    return kNames[value.index()];
}

Result<FieldPath> parse_field_path(std::string_view path) {
    const auto first = path.find('.');
    if (first == std::string_view::npos || first == 0)
        return make_error(ErrorCode::InvalidArgument, "a field path is Component.field[.part]",
                          std::string(path));
    FieldPath p;
    p.component = std::string(path.substr(0, first));
    std::string_view rest = path.substr(first + 1);
    const auto second = rest.find('.');
    p.field = std::string(rest.substr(0, second));
    if (second != std::string_view::npos) p.part = std::string(rest.substr(second + 1));
    if (p.field.empty() || (second != std::string_view::npos && p.part.empty()))
        return make_error(ErrorCode::InvalidArgument, "a field path is Component.field[.part]",
                          std::string(path));
    return p;
}

Result<FieldValue> get_field(const World& world, Handle h, std::string_view path) {
    auto parsed = parse_field_path(path);
    if (!parsed) return parsed.error();
    const TypeInfo* type = nullptr;
    auto field = resolve(world, h, *parsed, path, &type);
    if (!field) return field.error();
    const void* component = world.get(h, type->id);
    if (component == nullptr)
        return make_error(ErrorCode::NotFound, "the object has no " + type->name,
                          std::string(path));
    FieldValue value = (*field)->get(component);
    const std::string& part = parsed->part;
    if (part.empty()) return value;
    if ((*field)->type == FieldType::Properties) {
        const PropertyMap& map = std::get<PropertyMap>(value);
        auto it = map.find(part);
        if (it == map.end())
            return make_error(ErrorCode::NotFound, "no property '" + part + "'", std::string(path));
        return std::visit([](const auto& x) -> FieldValue { return x; }, it->second);
    }
    const int i = part_index((*field)->type, part);
    if (i < 0)
        return make_error(ErrorCode::NotFound,
                          "no part '" + part + "' in a " + to_string((*field)->type),
                          std::string(path));
    if (const glm::vec2* v2 = std::get_if<glm::vec2>(&value)) return FieldValue{(*v2)[i]};
    return FieldValue{std::get<glm::vec4>(value)[i]};
}

Result<void> write_field(const FieldInfo& field, void* component, const FieldValue& value,
                         std::string_view where) {
    FieldValue v = value;
    const std::size_t want = value_index(field.type);
    if (field.type == FieldType::Float && std::holds_alternative<std::int32_t>(v))
        v = static_cast<float>(std::get<std::int32_t>(v));
    if (field.type == FieldType::Enum) {
        if (const std::string* name = std::get_if<std::string>(&v)) {
            std::int32_t found = -1;
            for (std::size_t i = 0; i < field.enum_names.size(); ++i)
                if (field.enum_names[i] == *name) found = static_cast<std::int32_t>(i);
            if (found < 0)
                return make_error(ErrorCode::Range,
                                  "'" + *name + "' is not one of the values of " + field.name,
                                  std::string(where));
            v = found;
        }
    }
    if (v.index() != want) return wrong_type(field, value, where);
    if (!finite(v))
        return make_error(ErrorCode::Range, "expected a finite number", std::string(where));
    if (field.type == FieldType::Enum) {
        const std::int32_t e = std::get<std::int32_t>(v);
        if (e < 0 || static_cast<std::size_t>(e) >= field.enum_names.size())
            return make_error(ErrorCode::Range,
                              "enum value " + std::to_string(e) + " is out of range",
                              std::string(where));
    }
    auto below = [&](float x) { return field.min && x < *field.min; };
    auto above = [&](float x) { return field.max && x > *field.max; };
    bool out_of_range = false;
    if (const float* f = std::get_if<float>(&v)) out_of_range = below(*f) || above(*f);
    if (const std::int32_t* i = std::get_if<std::int32_t>(&v); i && field.type == FieldType::Int32)
        out_of_range = below(static_cast<float>(*i)) || above(static_cast<float>(*i));
    if (const glm::vec2* v2 = std::get_if<glm::vec2>(&v))
        out_of_range = below(v2->x) || below(v2->y) || above(v2->x) || above(v2->y);
    if (out_of_range)
        return make_error(ErrorCode::Range, "value outside the field's range", std::string(where));
    field.set(component, v);
    return {};
}

Result<void> set_field(World& world, Handle h, std::string_view path, const FieldValue& value) {
    auto parsed = parse_field_path(path);
    if (!parsed) return parsed.error();
    const TypeInfo* type = nullptr;
    auto resolved = resolve(world, h, *parsed, path, &type);
    if (!resolved) return resolved.error();
    const FieldInfo& field = **resolved;
    void* component = world.get(h, type->id);
    if (component == nullptr)
        return make_error(ErrorCode::NotFound, "the object has no " + type->name,
                          std::string(path));
    const std::string& part = parsed->part;
    if (part.empty()) return write_field(field, component, value, path);

    FieldValue whole = field.get(component);
    if (field.type == FieldType::Properties) {
        if (value.index() > 5) // properties hold bool, int, float, string, vec2 or color
            return make_error(ErrorCode::Type,
                              std::string("a property cannot hold a ") + value_type_name(value),
                              std::string(path));
        if (!finite(value))
            return make_error(ErrorCode::Range, "expected a finite number", std::string(path));
        PropertyValue pv = std::visit(
            [](const auto& x) -> PropertyValue {
                if constexpr (std::is_constructible_v<PropertyValue, decltype(x)>)
                    return x;
                else
                    return PropertyValue{};
            },
            value);
        std::get<PropertyMap>(whole)[part] = std::move(pv);
        field.set(component, whole);
        return {};
    }
    const int i = part_index(field.type, part);
    if (i < 0)
        return make_error(ErrorCode::NotFound,
                          "no part '" + part + "' in a " + to_string(field.type),
                          std::string(path));
    float x = 0.0f;
    if (const float* f = std::get_if<float>(&value))
        x = *f;
    else if (const std::int32_t* n = std::get_if<std::int32_t>(&value))
        x = static_cast<float>(*n);
    else
        return make_error(ErrorCode::Type,
                          std::string("expected float, got ") + value_type_name(value),
                          std::string(path));
    if (glm::vec2* v2 = std::get_if<glm::vec2>(&whole))
        (*v2)[i] = x;
    else
        std::get<glm::vec4>(whole)[i] = x;
    return write_field(field, component, whole, path);
}

} // namespace diorama
