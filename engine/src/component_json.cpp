#include "component_json.h"

#include "diorama/field_path.h"
#include "diorama/project.h"
#include "diorama/scene_file.h"
#include "diorama/suggest.h"
#include "diorama/text_check.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"
#include "document.h"

#include <cmath>
#include <limits>
#include <optional>
#include <span>

namespace diorama::detail {

namespace {

namespace fs = std::filesystem;

// A field whose default loses no more than the one value that did not fit it.
bool is_plain(FieldType type) {
    switch (type) {
    case FieldType::Asset:
    case FieldType::Properties:
    case FieldType::Tiles:
        return false;
    default:
        return true;
    }
}

struct Reader {
    const ComponentSource& source;
    Diagnostics& diagnostics;

    void error(ErrorCode code, std::string message, const LazyPath& path) {
        diagnostics.error(make_error(code, std::move(message), where(source.file, path.str())));
    }
    void expected(const std::string& what, const Json& got, const LazyPath& path) {
        error(ErrorCode::Type, "expected " + what + ", got " + describe_json_type(got), path);
    }

    std::optional<float> number(const Json& j, const LazyPath& path) {
        if (!j.is_number()) {
            expected("a number", j, path);
            return std::nullopt;
        }
        const double d = j.get<double>();
        if (!std::isfinite(d) ||
            std::abs(d) > static_cast<double>(std::numeric_limits<float>::max())) {
            error(ErrorCode::Range, "expected a finite number within float range", path);
            return std::nullopt;
        }
        return static_cast<float>(d);
    }

    std::optional<std::int32_t> integer(const Json& j, const LazyPath& path) {
        if (!j.is_number_integer()) {
            expected("an integer", j, path);
            return std::nullopt;
        }
        if (j.is_number_unsigned()
                ? j.get<std::uint64_t>() >
                      static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max())
                : (j.get<std::int64_t>() < std::numeric_limits<std::int32_t>::min() ||
                   j.get<std::int64_t>() > std::numeric_limits<std::int32_t>::max())) {
            error(ErrorCode::Range, "integer out of 32-bit range", path);
            return std::nullopt;
        }
        return static_cast<std::int32_t>(j.get<std::int64_t>());
    }

    // The text of a string field or property; a control character in it is warned about.
    std::string text(const Json& j, const LazyPath& path) {
        std::string s = j.get<std::string>();
        if (const auto found = find_control_character(s))
            diagnostics.warning(make_error(ErrorCode::InvalidArgument,
                                           control_character_warning(*found),
                                           where(source.file, path.str())));
        return s;
    }

    template <int N>
    std::optional<glm::vec<N, float>> vector(const Json& j, const LazyPath& path,
                                             const char* what) {
        const bool color = N == 4;
        if (!j.is_array() || !(j.size() == N || (color && j.size() == 3))) {
            expected(what, j, path);
            return std::nullopt;
        }
        glm::vec<N, float> v(1.0f);
        for (std::size_t i = 0; i < j.size(); ++i) {
            const LazyPath element(path, i);
            auto x = number(j[i], element);
            if (!x) return std::nullopt;
            v[static_cast<int>(i)] = *x;
        }
        return v;
    }

    std::optional<PropertyValue> property(const Json& j, const LazyPath& path) {
        if (j.is_boolean()) return PropertyValue{j.get<bool>()};
        if (j.is_number_integer()) {
            if (auto i = integer(j, path)) return PropertyValue{*i};
            return std::nullopt;
        }
        if (j.is_number()) {
            if (auto f = number(j, path)) return PropertyValue{*f};
            return std::nullopt;
        }
        if (j.is_string()) return PropertyValue{text(j, path)};
        if (j.is_array() && j.size() == 2) {
            if (auto v = vector<2>(j, path, "a vec2")) return PropertyValue{*v};
            return std::nullopt;
        }
        if (j.is_array() && j.size() == 4) {
            if (auto v = vector<4>(j, path, "a color")) return PropertyValue{*v};
            return std::nullopt;
        }
        expected("a bool, integer, number, string, [x, y] or [r, g, b, a]", j, path);
        return std::nullopt;
    }

    // A side of a tile grid: an integer 0..kMaxTileGridSide.
    std::optional<std::int32_t> grid_side(const Json& j, const LazyPath& path) {
        auto n = integer(j, path);
        if (n && (*n < 0 || *n > kMaxTileGridSide)) {
            error(ErrorCode::Range, "expected 0 to " + std::to_string(kMaxTileGridSide) + " cells",
                  path);
            return std::nullopt;
        }
        return n;
    }

    // {"size": [w, h], "layers": [{"name": ..., "rows": [h run-length strings]}]} (tile_grid.h).
    std::optional<TileGrid> tiles(const Json& j, const LazyPath& path) {
        if (!j.is_object()) {
            expected("an object with \"size\" and \"layers\"", j, path);
            return std::nullopt;
        }
        bool ok = true;
        for (auto it = j.begin(); it != j.end(); ++it)
            if (it.key() != "size" && it.key() != "layers") {
                error(ErrorCode::NotFound,
                      "tiles have no \"" + it.key() + "\" (only size and layers)",
                      LazyPath(path, it.key()));
                ok = false;
            }
        const LazyPath size_path(path, "size");
        const auto size = j.find("size");
        if (size == j.end() || !size->is_array() || size->size() != 2) {
            if (size == j.end())
                error(ErrorCode::NotFound, "tiles need a \"size\": [columns, rows]", path);
            else
                expected("[columns, rows]", *size, size_path);
            return std::nullopt;
        }
        const auto w = grid_side((*size)[0], LazyPath(size_path, std::size_t{0}));
        const auto h = grid_side((*size)[1], LazyPath(size_path, std::size_t{1}));
        if (!w || !h) return std::nullopt;
        TileGrid grid = empty_tile_grid(*w, *h, "");
        grid.layers.clear();
        const LazyPath layers_path(path, "layers");
        const auto layers = j.find("layers");
        if (layers == j.end() || !layers->is_array()) {
            if (layers == j.end())
                error(ErrorCode::NotFound, "tiles need \"layers\": [{name, rows}]", path);
            else
                expected("an array of layers", *layers, layers_path);
            return std::nullopt;
        }
        if (layers->size() > static_cast<std::size_t>(kMaxTileLayers)) {
            error(ErrorCode::Range,
                  "a tile map has at most " + std::to_string(kMaxTileLayers) + " layers",
                  layers_path);
            return std::nullopt;
        }
        for (std::size_t i = 0; i < layers->size(); ++i)
            ok = tile_layer((*layers)[i], LazyPath(layers_path, i), grid) && ok;
        if (!ok) return std::nullopt;
        return grid;
    }

    // Appends one layer of a grid whose size is set; false after reporting its problems.
    bool tile_layer(const Json& j, const LazyPath& path, TileGrid& grid) {
        if (!j.is_object()) {
            expected("a layer {name, rows}", j, path);
            return false;
        }
        bool ok = true;
        for (auto it = j.begin(); it != j.end(); ++it)
            if (it.key() != "name" && it.key() != "rows") {
                error(ErrorCode::NotFound,
                      "a tile layer has no \"" + it.key() + "\" (only name and rows)",
                      LazyPath(path, it.key()));
                ok = false;
            }
        TileLayer layer;
        if (const auto name = j.find("name"); name != j.end()) {
            if (name->is_string())
                layer.name = text(*name, LazyPath(path, "name"));
            else {
                expected("a string", *name, LazyPath(path, "name"));
                ok = false;
            }
        }
        const LazyPath rows_path(path, "rows");
        const auto rows = j.find("rows");
        if (rows == j.end() || !rows->is_array()) {
            if (rows == j.end())
                error(ErrorCode::NotFound, "a tile layer needs its \"rows\"", path);
            else
                expected("an array of rows", *rows, rows_path);
            return false;
        }
        if (rows->size() != static_cast<std::size_t>(grid.height)) {
            error(ErrorCode::Range,
                  "the layer has " + std::to_string(rows->size()) + " rows; the map is " +
                      std::to_string(grid.height) + " rows high",
                  rows_path);
            return false;
        }
        const auto width = static_cast<std::size_t>(grid.width);
        layer.cells.assign(width * static_cast<std::size_t>(grid.height), 0);
        for (std::size_t y = 0; y < rows->size(); ++y) {
            const LazyPath row_path(rows_path, y);
            const Json& row = (*rows)[y];
            if (!row.is_string()) {
                expected("a row of tiles (text)", row, row_path);
                ok = false;
                continue;
            }
            if (auto read = read_tile_row(row.get_ref<const std::string&>(),
                                          std::span(layer.cells).subspan(y * width, width));
                !read) {
                error(read.error().code, read.error().message, row_path);
                ok = false;
            }
        }
        if (ok) grid.layers.push_back(std::move(layer));
        return ok;
    }

    std::optional<FieldValue> value(const FieldInfo& f, const Json& j, const LazyPath& path) {
        switch (f.type) {
        case FieldType::Bool:
            if (!j.is_boolean()) break;
            return FieldValue{j.get<bool>()};
        case FieldType::Int32:
            if (auto i = integer(j, path)) return FieldValue{*i};
            return std::nullopt;
        case FieldType::Float:
            if (auto x = number(j, path)) return FieldValue{*x};
            return std::nullopt;
        case FieldType::String:
            if (!j.is_string()) break;
            return FieldValue{text(j, path)};
        case FieldType::Vec2:
            if (auto v = vector<2>(j, path, "[x, y]")) return FieldValue{*v};
            return std::nullopt;
        case FieldType::Color:
            if (auto v = vector<4>(j, path, "[r, g, b, a]")) return FieldValue{*v};
            return std::nullopt;
        case FieldType::Enum: {
            if (!j.is_string()) break;
            const auto& name = j.get_ref<const std::string&>();
            for (std::size_t i = 0; i < f.enum_names.size(); ++i)
                if (f.enum_names[i] == name) return FieldValue{static_cast<std::int32_t>(i)};
            std::string names;
            for (const std::string& n : f.enum_names)
                names += (names.empty() ? "" : ", ") + n;
            error(ErrorCode::Range,
                  "\"" + name + "\" is not one of: " + names + did_you_mean(name, f.enum_names),
                  path);
            return std::nullopt;
        }
        case FieldType::ObjectRef: {
            if (j.is_null()) return FieldValue{Guid{}};
            if (!j.is_string()) break;
            if (auto g = parse_guid(j.get_ref<const std::string&>())) return FieldValue{*g};
            error(ErrorCode::Type, "expected a guid of 16 hex digits or null", path);
            return std::nullopt;
        }
        case FieldType::Asset: {
            if (!j.is_string()) break;
            const auto& p = j.get_ref<const std::string&>();
            if (!p.empty() && source.assets != nullptr) {
                const AssetChecks::Outcome& checked = source.assets->check(p);
                if (checked.error) {
                    error(ErrorCode::InvalidArgument, checked.error->message, path);
                    return std::nullopt;
                }
                if (!checked.exists)
                    diagnostics.warning(make_error(ErrorCode::NotFound,
                                                   "asset \"" + p + "\" does not exist",
                                                   where(source.file, path.str())));
            }
            return FieldValue{p};
        }
        case FieldType::Properties: {
            if (!j.is_object()) break;
            PropertyMap map;
            bool ok = true;
            for (auto it = j.begin(); it != j.end(); ++it) {
                const LazyPath key_path(path, it.key());
                if (auto pv = property(it.value(), key_path))
                    map.emplace(it.key(), std::move(*pv));
                else
                    ok = false;
            }
            if (!ok) return std::nullopt;
            return FieldValue{std::move(map)};
        }
        case FieldType::Tiles:
            if (auto grid = tiles(j, path)) return FieldValue{std::move(*grid)};
            return std::nullopt;
        }
        expected(std::string("a value of type ") + to_string(f.type), j, path);
        return std::nullopt;
    }
};

Json property_json(const PropertyValue& v) {
    return std::visit(
        [](const auto& x) -> Json {
            using X = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<X, float>)
                return float_to_json(x);
            else if constexpr (std::is_same_v<X, glm::vec2>)
                return Json::array({float_to_json(x.x), float_to_json(x.y)});
            else if constexpr (std::is_same_v<X, glm::vec4>)
                return Json::array({float_to_json(x.x), float_to_json(x.y), float_to_json(x.z),
                                    float_to_json(x.w)});
            else
                return Json(x);
        },
        v);
}

bool finite_value(const FieldValue& v) {
    bool ok = true;
    std::visit(
        [&](const auto& x) {
            using X = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<X, float>)
                ok = std::isfinite(x);
            else if constexpr (std::is_same_v<X, glm::vec2>)
                ok = std::isfinite(x.x) && std::isfinite(x.y);
            else if constexpr (std::is_same_v<X, glm::vec4>)
                ok = std::isfinite(x.x) && std::isfinite(x.y) && std::isfinite(x.z) &&
                     std::isfinite(x.w);
            else if constexpr (std::is_same_v<X, PropertyMap>)
                for (const auto& [k, pv] : x)
                    ok = ok && finite_value(
                                   std::visit([](const auto& y) -> FieldValue { return y; }, pv));
        },
        v);
    return ok;
}

Json tiles_json(const TileGrid& grid) {
    Json layers = Json::array();
    for (std::size_t i = 0; i < grid.layers.size(); ++i) {
        Json rows = Json::array();
        for (std::int32_t y = 0; y < grid.height; ++y)
            rows.push_back(tile_row_text(grid, i, y));
        layers.push_back(Json{{"name", grid.layers[i].name}, {"rows", std::move(rows)}});
    }
    return Json{{"size", Json::array({grid.width, grid.height})}, {"layers", std::move(layers)}};
}

Json field_json(const FieldInfo& f, const FieldValue& v) {
    if (f.type == FieldType::Enum) {
        const auto i = std::get<std::int32_t>(v);
        return i >= 0 && static_cast<std::size_t>(i) < f.enum_names.size()
                   ? Json(f.enum_names[static_cast<std::size_t>(i)])
                   : Json(i);
    }
    if (const Guid* g = std::get_if<Guid>(&v))
        return g->is_null() ? Json(nullptr) : Json(to_string(*g));
    if (const PropertyMap* m = std::get_if<PropertyMap>(&v)) {
        Json out = Json::object();
        for (const auto& [key, pv] : *m)
            out[key] = property_json(pv);
        return out;
    }
    if (const TileGrid* grid = std::get_if<TileGrid>(&v)) return tiles_json(*grid);
    return std::visit(
        [](const auto& x) -> Json {
            using X = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<X, Guid> || std::is_same_v<X, PropertyMap> ||
                          std::is_same_v<X, TileGrid>)
                return Json(); // handled above
            else if constexpr (std::is_same_v<X, bool> || std::is_same_v<X, std::int32_t> ||
                               std::is_same_v<X, std::string>)
                return Json(x);
            else
                return property_json(PropertyValue{x});
        },
        v);
}

} // namespace

const AssetChecks::Outcome& AssetChecks::check(const std::string& relative) {
    if (auto it = m_outcomes.find(relative); it != m_outcomes.end()) return it->second;
    Outcome outcome;
    if (auto ok = check_asset_path(m_root, relative); !ok) {
        outcome.error = ok.error();
    } else {
        std::error_code ec;
        outcome.exists = fs::exists(m_root / relative, ec);
    }
    return m_outcomes.emplace(relative, std::move(outcome)).first->second;
}

std::size_t read_component(const TypeInfo& type, const Json& fields, void* component,
                           const ComponentSource& source, const LazyPath& path,
                           Diagnostics& diagnostics) {
    Reader reader{source, diagnostics};
    if (!fields.is_object()) {
        reader.expected("an object of " + type.name + " fields", fields, path);
        return 0;
    }
    std::size_t unfit = 0;
    for (auto it = fields.begin(); it != fields.end(); ++it) {
        const LazyPath field_path(path, it.key());
        const FieldInfo* f = type.find_field(it.key());
        if (f == nullptr) {
            reader.error(ErrorCode::NotFound,
                         type.name + " has no field \"" + it.key() + "\"" +
                             did_you_mean(it.key(), type.field_names()),
                         field_path);
            ++unfit;
            continue;
        }
        const std::size_t errors_before = diagnostics.error_count();
        if (auto value = reader.value(*f, it.value(), field_path)) {
            // The location is named only when the write fails.
            if (auto written = write_field(*f, component, *value, {}); !written) {
                Error e = written.error();
                e.where = where(source.file, field_path.str());
                diagnostics.error(std::move(e));
            }
        }
        if (is_plain(f->type)) unfit += diagnostics.error_count() - errors_before;
    }
    return unfit;
}

namespace {

// A number as the serializer writes the JSON double float_to_json makes of it.
void append_float(PrettyWriter& writer, float x) {
    writer.value(float_to_json(x), 0);
}

// A field's value as field_json's JSON, pretty at indent.
void append_field(std::string& out, PrettyWriter& writer, const FieldInfo& f, const FieldValue& v,
                  int indent) {
    if (const float* x = std::get_if<float>(&v)) {
        append_float(writer, *x);
    } else if (const glm::vec2* p = std::get_if<glm::vec2>(&v)) {
        out += '[';
        append_float(writer, p->x);
        out += ", ";
        append_float(writer, p->y);
        out += ']';
    } else if (const glm::vec4* c = std::get_if<glm::vec4>(&v)) {
        out += '[';
        for (int i = 0; i < 4; ++i) {
            if (i > 0) out += ", ";
            append_float(writer, (*c)[i]);
        }
        out += ']';
    } else if (const bool* b = std::get_if<bool>(&v)) {
        out += *b ? "true" : "false";
    } else if (f.type != FieldType::Enum && std::holds_alternative<std::int32_t>(v)) {
        out += std::to_string(std::get<std::int32_t>(v));
    } else if (const Guid* g = std::get_if<Guid>(&v)) {
        if (g->is_null())
            out += "null";
        else
            (out += '"', out += to_string(*g)) += '"';
    } else {
        writer.value(field_json(f, v), indent); // strings, enums, properties, tiles
    }
}

} // namespace

std::vector<const FieldInfo*> fields_by_name(const TypeInfo& type) {
    std::vector<const FieldInfo*> fields;
    for (const FieldInfo& f : type.fields)
        fields.push_back(&f);
    std::sort(fields.begin(), fields.end(),
              [](const FieldInfo* a, const FieldInfo* b) { return a->name < b->name; });
    return fields;
}

Result<bool> append_component(std::string& out, PrettyWriter& writer, const TypeInfo& type,
                              std::span<const FieldInfo* const> fields, const void* component,
                              const void* base, int indent, bool skip_empty,
                              const std::function<std::string()>& where) {
    std::vector<std::pair<const FieldInfo*, FieldValue>> changed;
    for (const FieldInfo* f : fields) {
        FieldValue v = f->get(component);
        if (base != nullptr && v == f->get(base)) continue;
        if (!finite_value(v))
            return make_error(ErrorCode::Range, "NaN or infinity cannot be saved",
                              json_path(where(), type.name + "." + f->name));
        changed.emplace_back(f, std::move(v));
    }
    if (changed.empty()) {
        if (skip_empty) return false;
        out += "{}";
        return true;
    }
    out += "{\n";
    for (std::size_t i = 0; i < changed.size(); ++i) {
        if (i > 0) out += ",\n";
        out.append(static_cast<std::size_t>(indent + 2), ' ');
        (out += '"', out += changed[i].first->name) += "\": ";
        append_field(out, writer, *changed[i].first, changed[i].second, indent + 2);
    }
    out += '\n';
    out.append(static_cast<std::size_t>(indent), ' ');
    out += '}';
    return true;
}

Result<Json> write_component(const TypeInfo& type, const void* component, const void* base,
                             std::string_view where_) {
    Json out = Json::object();
    for (const FieldInfo& f : type.fields) {
        FieldValue v = f.get(component);
        if (base != nullptr && v == f.get(base)) continue;
        if (!finite_value(v))
            return make_error(ErrorCode::Range, "NaN or infinity cannot be saved",
                              json_path(where_, type.name + "." + f.name));
        out[f.name] = field_json(f, v);
    }
    return out;
}

} // namespace diorama::detail

namespace diorama {

Result<Json> components_to_json(const World& world, Handle h) {
    Json out = Json::object();
    for (const ComponentId id : world.components_of(h)) {
        const TypeInfo* type = world.registry().find(id);
        if (type == nullptr) continue;
        auto fields = detail::write_component(*type, world.get(h, id), nullptr, type->name);
        if (!fields) return fields.error();
        out[type->name] = std::move(*fields);
    }
    return out;
}

} // namespace diorama
