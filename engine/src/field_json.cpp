// set_field_json: a field written from JSON, with the loader's checks and messages.

#include "component_json.h"
#include "document.h"

#include "diorama/field_path.h"
#include "diorama/suggest.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

namespace diorama {

namespace {

// A vector part's or a property's value from JSON, or nullopt.
std::optional<FieldValue> part_value(const Json& value) {
    if (value.is_boolean()) return FieldValue{value.get<bool>()};
    if (value.is_number_integer()) {
        const auto n = value.get<std::int64_t>();
        if (n >= INT32_MIN && n <= INT32_MAX) return FieldValue{static_cast<std::int32_t>(n)};
        return FieldValue{static_cast<float>(n)};
    }
    if (value.is_number()) return FieldValue{value.get<float>()};
    if (value.is_string()) return FieldValue{value.get<std::string>()};
    if (value.is_array() && (value.size() == 2 || value.size() == 4)) {
        float c[4] = {};
        for (std::size_t i = 0; i < value.size(); ++i) {
            if (!value[i].is_number()) return std::nullopt;
            c[i] = value[i].get<float>();
        }
        if (value.size() == 2) return FieldValue{glm::vec2(c[0], c[1])};
        return FieldValue{glm::vec4(c[0], c[1], c[2], c[3])};
    }
    return std::nullopt;
}

} // namespace

Result<void> set_field_json(World& world, Handle h, std::string_view path, const Json& value,
                            std::string_view where) {
    const std::string located = std::string(where) + ": " + std::string(path);
    auto parsed = parse_field_path(path);
    if (!parsed) return make_error(parsed.error().code, parsed.error().message, located);
    const TypeInfo* type = world.registry().find(parsed->component);
    if (type == nullptr)
        return make_error(ErrorCode::UnknownType,
                          "no component type '" + parsed->component + "'" +
                              did_you_mean(parsed->component, world.registry().names()),
                          located);
    if (!parsed->part.empty()) {
        const FieldInfo* field = type->find_field(parsed->field);
        std::optional<FieldValue> v = part_value(value);
        if (field != nullptr && field->type != FieldType::Properties) // a vector's part
            v = value.is_number() ? std::optional<FieldValue>(value.get<float>()) : std::nullopt;
        if (!v)
            return make_error(ErrorCode::Type,
                              field != nullptr && field->type != FieldType::Properties
                                  ? "expected a number"
                                  : "expected a bool, number, string, [x, y] or [r, g, b, a]",
                              located);
        auto set = set_field(world, h, path, *v);
        if (!set) return make_error(set.error().code, set.error().message, located);
        return {};
    }
    void* component = world.get(h, type->id);
    if (component == nullptr)
        return make_error(ErrorCode::NotFound, "the object has no " + type->name, located);
    Json fields = Json::object();
    fields[parsed->field] = value;
    Diagnostics problems;
    const std::string file(where);
    detail::read_component(*type, fields, component, detail::ComponentSource{file, nullptr},
                           detail::LazyPath(type->name), problems);
    if (problems.has_errors()) return problems.first_error();
    return {};
}

} // namespace diorama
