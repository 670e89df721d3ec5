#include "scene_fast_read.h"

#include "scene_text_windows.h"

#include "diorama/components.h"
#include "diorama/field_path.h"
#include "diorama/prefab.h"
#include "diorama/scene_file.h"
#include "diorama/text_check.h"
#include "diorama/tile_map.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <simdjson.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <unordered_map>

namespace diorama::detail {

namespace {

namespace od = simdjson::ondemand;

// Thrown (and caught in stage_scene) wherever the fast path gives the text to the precise reader.
struct GiveUp {};

// Unwraps a simdjson result, giving up on any error.
template <class T>
T take(simdjson::simdjson_result<T>&& r) {
    T value{};
    if (std::move(r).get(value) != simdjson::SUCCESS) throw GiveUp{};
    return value;
}

void give_up_unless(bool condition) {
    if (!condition) throw GiveUp{};
}

// The depth of a scene's values the fast path reads itself (root, objects, an entry, its
// components, a component, a field, a vector): deeper text comes only through raw fields.
constexpr int kOwnDepth = 7;

// The text per object entry that the staged objects' first room is guessed from: a little less
// than an entry with a guid, a name and a Transform2D (the balls scenes: 152 bytes per entry).
constexpr std::size_t kTextBytesPerObject = 128;

class Stager {
public:
    // text_bytes: the size of the scene's text, from which the objects' room is guessed.
    Stager(const StageContext& context, std::size_t text_bytes) : m_context(context) {
        // Room for the objects at once, so they are not moved as they come: a guess of one per
        // kTextBytesPerObject of text (more objects grow it as usual).
        m_staged.objects.reserve(text_bytes / kTextBytesPerObject);
        const TypeRegistry& registry = context.world.registry();
        for (const TypeInfo* type : registry.types()) {
            m_types_by_name.emplace(type->name, type);
            if (type->id >= m_type_bits.size()) m_type_bits.resize(type->id + 1, 0);
            const std::size_t i = m_types_by_name.size() - 1;
            if (i < 64) m_type_bits[type->id] = std::uint64_t{1} << i;
        }
    }

    // Reads the root. objects_at: where the root's "objects" array must begin, empty, in a
    // skeleton (scene_text_windows.h), its entries given to read_window after; null: the whole
    // text, its entries read here.
    void read_root(od::document& doc, const char* objects_at) {
        od::object root = take(doc.get_object());
        unsigned seen = 0;
        for (auto item : root) {
            od::field field = take(std::move(item));
            const std::string_view key = take(field.unescaped_key());
            od::value value = field.value();
            count();
            if (key == "format") {
                once(seen, 1);
                m_staged.head["format"] = std::string(string(value));
            } else if (key == "version") {
                once(seen, 2);
                m_staged.head["version"] = take(value.get_int64());
            } else if (key == "name") {
                once(seen, 4);
                m_staged.head["name"] = std::string(string(value));
            } else if (key == "layers") {
                once(seen, 8);
                read_layers(value);
            } else if (key == "objects") {
                once(seen, 16);
                give_up_unless((seen & 8) != 0); // objects naming layers not read yet
                if (objects_at == nullptr) {
                    read_objects(take(value.get_array()));
                } else {
                    // skeleton_of made it "[]": it must be the root's value, not text elsewhere.
                    give_up_unless(value.raw_json_token().data() == objects_at);
                }
            } else {
                throw GiveUp{};
            }
        }
        give_up_unless((seen & 16) != 0);
        give_up_unless(doc.current_location().error() == simdjson::OUT_OF_BOUNDS); // no more text
    }

    // Reads a window: a document of one array of entries, the next ones of the scene's.
    void read_window(od::document& doc) {
        read_objects(take(doc.get_array()));
        give_up_unless(doc.current_location().error() == simdjson::OUT_OF_BOUNDS);
    }

    // The scene staged, once every entry is read.
    StagedScene finish() {
        give_up_unless(guids_are_unique());
        return std::move(m_staged);
    }

private:
    // Counts a value against the parser's limit, with room to spare: near it, the precise
    // parser decides.
    void count(std::size_t values = 1) {
        m_values += values;
        give_up_unless(m_values <= m_context.limits.max_values / 2);
    }

    // Sorting finds a repeated guid with less memory traffic than a hash set (saved files list
    // objects by slot, often by guid).
    bool guids_are_unique() const {
        std::vector<std::uint64_t> guids;
        guids.reserve(m_staged.objects.size());
        for (const StagedObject& o : m_staged.objects)
            guids.push_back(o.guid.value);
        std::sort(guids.begin(), guids.end());
        return std::adjacent_find(guids.begin(), guids.end()) == guids.end();
    }

    // A key as written, which must need no unescaping (a key with an escape is left to the
    // precise reader): the text up to its closing quote.
    static std::string_view plain_key(od::field& field) {
        const char* start = field.key().raw();
        std::size_t n = 0;
        while (start[n] != '"') {
            give_up_unless(start[n] != '\\');
            ++n;
        }
        return {start, n};
    }

    static void once(unsigned& seen, unsigned bit) {
        give_up_unless((seen & bit) == 0); // a duplicate key
        seen |= bit;
    }

    // A string value without control characters (the precise reader warns about them).
    std::string_view string(od::value& value) {
        const std::string_view s = take(value.get_string());
        give_up_unless(!find_control_character(s));
        return s;
    }

    void read_layers(od::value value) {
        Json names = Json::array();
        for (auto item : take(value.get_array())) {
            od::value v = take(std::move(item));
            count();
            const std::string_view name = take(v.get_string());
            give_up_unless(!name.empty());
            for (const std::string& known : m_staged.layers)
                give_up_unless(known != name);
            m_staged.layers.emplace_back(name);
            names.push_back(std::string(name));
        }
        give_up_unless(!m_staged.layers.empty());
        m_staged.head["layers"] = std::move(names);
    }

    void read_objects(od::array entries) {
        for (auto item : entries) {
            od::value v = take(std::move(item));
            count();
            read_object(v);
        }
    }

    void read_object(od::value& value) {
        const auto index = static_cast<std::uint32_t>(m_staged.objects.size());
        m_staged.objects.emplace_back();
        StagedObject& o = m_staged.objects.back();
        od::object entry = take(value.get_object());
        // Components start from the prefab's values, but saved files sort keys, so "prefab"
        // comes after "components": an instance's components are read over the defaults and
        // moved onto the prefab's values once it is known (rebase). Keys are compared raw: an
        // escaped spelling of one is left to the precise reader.
        unsigned seen = 0;
        bool has_part = false;
        std::uint64_t given = 0; // bit per type (type_bit): the entry's components
        m_written.clear();
        for (auto item : entry) {
            od::field field = take(std::move(item));
            const od::raw_json_string key = field.key();
            od::value v = field.value();
            count();
            if (key.unsafe_is_equal("components")) {
                once(seen, 64);
                given = stage_components(index, v);
                continue;
            }
            if (key.unsafe_is_equal("guid")) {
                once(seen, 1);
                const auto guid = parse_guid(take(v.get_string()));
                give_up_unless(guid && !guid->is_null());
                o.guid = *guid; // unique: checked once all are read
            } else if (key.unsafe_is_equal("name")) {
                once(seen, 2);
                o.name = take(v.get_string());
            } else if (key.unsafe_is_equal("layer")) {
                once(seen, 4);
                o.layer = layer_index(take(v.get_string()));
            } else if (key.unsafe_is_equal("parent")) {
                once(seen, 8);
                if (!take(v.is_null())) o.parent = guid_of(v);
            } else if (key.unsafe_is_equal("prefab")) {
                once(seen, 16);
                o.prefab = prefab_of(take(v.get_string()));
            } else if (key.unsafe_is_equal("part")) {
                once(seen, 32);
                has_part = true;
                if (!take(v.is_null())) {
                    o.part = guid_of(v);
                    give_up_unless(!o.part.is_null());
                }
            } else {
                throw GiveUp{};
            }
        }
        give_up_unless((seen & 1) != 0); // the guid
        give_up_unless(!has_part || o.prefab != nullptr);
        if (o.prefab != nullptr) {
            const std::vector<PrefabComponent>* base = o.prefab->components_of(o.part);
            give_up_unless(base != nullptr);
            for (const auto& [type, written] : m_written)
                if (const void* from = base_value(base, *type)) rebase(index, *type, written, from);
            check_base_tile_maps(*base, given);
        }
        for (const auto& written : m_written)
            if (written.first->id == component_id<TileMap>())
                check_tile_map(
                    *static_cast<const TileMap*>(m_staged.given[written.first->id]->find(index)));
    }

    // The staged component of type (its defaults and `written` fields) made the prefab's value
    // `base` with the same fields written, as if read over base in the first place.
    void rebase(std::uint32_t index, const TypeInfo& type, std::uint64_t written,
                const void* base) {
        void* component = m_staged.given[type.id]->find(index);
        if (!m_rebased || m_rebased_type != type.id) {
            m_rebased = type.make_instance();
            m_rebased_type = type.id;
        }
        void* value = m_rebased.get();
        type.copy(value, base);
        for (std::size_t i = 0; i < type.fields.size(); ++i)
            if ((written >> i) & 1u) type.fields[i].set(value, type.fields[i].get(component));
        type.copy(component, value);
    }

    Guid guid_of(od::value& v) {
        const auto guid = parse_guid(take(v.get_string()));
        give_up_unless(guid.has_value());
        return *guid;
    }

    std::uint32_t layer_index(std::string_view name) const {
        for (std::size_t i = 0; i < m_staged.layers.size(); ++i)
            if (m_staged.layers[i] == name) return static_cast<std::uint32_t>(i);
        throw GiveUp{};
    }

    const Prefab* prefab_of(std::string_view path) {
        const std::string p(path);
        give_up_unless(!m_context.assets.check(p).error);
        const Prefab* prefab = m_context.prefabs.find(p);
        give_up_unless(prefab != nullptr && prefab->path == p);
        return prefab;
    }

    // The entry's components: every key a registered type, each once, each an object of fields,
    // read over the type's defaults; m_written says which fields each had. Returns the bits
    // (type_bit) of the types given.
    std::uint64_t stage_components(std::uint32_t index, od::value& value) {
        std::uint64_t given = 0;
        m_written.clear();
        std::size_t position = 0;
        for (auto item : take(value.get_object())) {
            od::field field = take(std::move(item));
            const TypeInfo& type = type_named(plain_key(field), position++);
            const std::uint64_t bit = type_bit(type);
            give_up_unless((given & bit) == 0);
            given |= bit;
            count();
            od::value fields = field.value();
            m_written.emplace_back(&type, stage_component(index, type, fields));
        }
        return given;
    }

    // The registered type with this name, the one at this position in the last entry first (the
    // entries of a scene mostly list the same components); unknown types are kept by the precise
    // reader, with a warning.
    const TypeInfo& type_named(std::string_view name, std::size_t position) {
        if (position < m_recent_types.size() && m_recent_types[position]->name == name)
            return *m_recent_types[position];
        const auto type = m_types_by_name.find(name);
        give_up_unless(type != m_types_by_name.end());
        if (position < 16) {
            if (m_recent_types.size() <= position)
                m_recent_types.resize(position + 1, type->second);
            m_recent_types[position] = type->second;
        }
        return *type->second;
    }

    // The field of type with this name, the one at this position in the last component of the
    // type first.
    const FieldInfo* field_named(const TypeInfo& type, std::string_view name,
                                 std::size_t position) {
        if (type.id >= m_recent_fields.size()) m_recent_fields.resize(type.id + 1);
        std::vector<const FieldInfo*>& recent = m_recent_fields[type.id];
        if (position < recent.size() && recent[position]->name == name) return recent[position];
        const FieldInfo* f = type.find_field(name);
        if (f != nullptr && position < 64) {
            if (recent.size() <= position) recent.resize(position + 1, f);
            recent[position] = f;
        }
        return f;
    }

    static const void* base_value(const std::vector<PrefabComponent>* base, const TypeInfo& type) {
        if (base == nullptr) return nullptr;
        for (const PrefabComponent& c : *base)
            if (c.type == &type) return c.value.get();
        return nullptr;
    }

    // A type's bit in the masks of given components; types past the 64th are left to the
    // precise reader.
    std::uint64_t type_bit(const TypeInfo& type) const {
        const std::uint64_t bit = type.id < m_type_bits.size() ? m_type_bits[type.id] : 0;
        give_up_unless(bit != 0);
        return bit;
    }

    // Returns the bits of the fields written (by index).
    std::uint64_t stage_component(std::uint32_t index, const TypeInfo& type, od::value& fields) {
        if (type.id >= m_staged.given.size()) m_staged.given.resize(type.id + 1);
        std::unique_ptr<PoolBase>& pool = m_staged.given[type.id];
        if (!pool) {
            // A sparse entry for every object the staged objects have room for, at once: grown
            // by doubling, the entries are copied and touched twice over.
            pool = type.make_pool();
            pool->reserve(0, m_staged.objects.capacity());
        }
        void* component = pool->emplace(index, 1);
        type.copy(component, defaults(type));
        std::uint64_t written = 0;
        std::size_t position = 0;
        for (auto item : take(fields.get_object())) {
            od::field field = take(std::move(item));
            const FieldInfo* f = field_named(type, plain_key(field), position++);
            give_up_unless(f != nullptr);
            const auto i = static_cast<std::size_t>(f - type.fields.data());
            give_up_unless(i < 64 && (written & (std::uint64_t{1} << i)) == 0);
            written |= std::uint64_t{1} << i;
            count();
            od::value v = field.value();
            if (f->type == FieldType::Properties || f->type == FieldType::Tiles)
                read_rare_field(type, *f, v, component);
            else
                give_up_unless(write_field(*f, component, field_value(*f, v), {}).ok());
        }
        return written;
    }

    const void* defaults(const TypeInfo& type) {
        if (type.defaults) return type.defaults.get();
        if (type.id >= m_defaults.size()) m_defaults.resize(type.id + 1);
        if (!m_defaults[type.id]) m_defaults[type.id] = type.make_instance();
        return m_defaults[type.id].get();
    }

    FieldValue field_value(const FieldInfo& f, od::value& v) {
        switch (f.type) {
        case FieldType::Bool:
            return FieldValue{take(v.get_bool())};
        case FieldType::Int32: {
            const std::int64_t i = take(v.get_int64());
            give_up_unless(i >= std::numeric_limits<std::int32_t>::min() &&
                           i <= std::numeric_limits<std::int32_t>::max());
            return FieldValue{static_cast<std::int32_t>(i)};
        }
        case FieldType::Float:
            return FieldValue{number(v)};
        case FieldType::String:
            return FieldValue{std::string(string(v))};
        case FieldType::Vec2:
            return FieldValue{vector<2>(v)};
        case FieldType::Color:
            return FieldValue{vector<4>(v)};
        case FieldType::Enum: {
            const std::string_view name = take(v.get_string());
            for (std::size_t i = 0; i < f.enum_names.size(); ++i)
                if (f.enum_names[i] == name) return FieldValue{static_cast<std::int32_t>(i)};
            throw GiveUp{};
        }
        case FieldType::ObjectRef:
            if (take(v.is_null())) return FieldValue{Guid{}};
            return FieldValue{guid_of(v)};
        case FieldType::Asset: {
            std::string path(take(v.get_string()));
            if (!path.empty()) {
                const AssetChecks::Outcome& checked = m_context.assets.check(path);
                give_up_unless(!checked.error && checked.exists);
            }
            return FieldValue{std::move(path)};
        }
        case FieldType::Properties:
        case FieldType::Tiles:
            break;
        }
        throw GiveUp{};
    }

    // A finite number within float range, rounded as the precise reader rounds it: a decimal
    // and an integer become the nearest double alike, except that the precise reader's integer
    // -0 is a positive zero (-0.0 stays negative).
    float number(od::value& v) {
        const std::string_view token = v.raw_json_token();
        double d = take(v.get_double());
        give_up_unless(std::isfinite(d) &&
                       std::abs(d) <= static_cast<double>(std::numeric_limits<float>::max()));
        if (d == 0.0 && std::signbit(d) && token.find_first_of(".eE") == std::string_view::npos)
            d = 0.0;
        return static_cast<float>(d);
    }

    // [x, y] or [r, g, b, a] (a color may leave out a, which stays 1).
    template <int N>
    glm::vec<N, float> vector(od::value& v) {
        glm::vec<N, float> out(1.0f);
        int n = 0;
        for (auto item : take(v.get_array())) {
            od::value element = take(std::move(item));
            give_up_unless(n < N);
            count();
            out[n++] = number(element);
        }
        give_up_unless(n == N || (N == 4 && n == 3));
        return out;
    }

    // Properties and tile grids: their text parsed and read by the precise reader, which must
    // find nothing to say.
    void read_rare_field(const TypeInfo& type, const FieldInfo& f, od::value& v, void* component) {
        od::object object = take(v.get_object());
        const std::string_view raw = take(object.raw_json());
        JsonLimits limits = m_context.limits;
        limits.max_depth -= kOwnDepth + 1;
        auto parsed = parse_json(raw, m_context.file, limits);
        give_up_unless(parsed.ok());
        count(count_values(*parsed));
        Json one = Json::object();
        one[f.name] = std::move(*parsed);
        Diagnostics said;
        const ComponentSource source{m_context.file, &m_context.assets};
        read_component(type, one, component, source, LazyPath("fast"), said);
        give_up_unless(said.empty());
    }

    static std::size_t count_values(const Json& j) {
        std::size_t n = 1;
        if (j.is_structured())
            for (const Json& child : j)
                n += count_values(child);
        return n;
    }

    // A tile map that does not fit the world's tilesets is an error of the precise reader.
    void check_tile_map(const TileMap& map) const {
        if (m_context.world.tilesets() == nullptr) return;
        give_up_unless(tile_map_problems(map, *m_context.world.tilesets()).empty());
    }
    void check_base_tile_maps(const std::vector<PrefabComponent>& base, std::uint64_t given) {
        for (const PrefabComponent& c : base)
            if (c.type->id == component_id<TileMap>() && (given & type_bit(*c.type)) == 0)
                check_tile_map(*static_cast<const TileMap*>(c.value.get()));
    }

    const StageContext& m_context;
    StagedScene m_staged;
    std::unordered_map<std::string_view, const TypeInfo*> m_types_by_name;
    std::vector<std::uint64_t> m_type_bits;      // per type id: its bit in masks of types (0: none)
    std::vector<const TypeInfo*> m_recent_types; // type_named's guesses
    std::vector<std::vector<const FieldInfo*>> m_recent_fields; // per type id: field_named's
    std::size_t m_values = 0;
    std::vector<std::pair<const TypeInfo*, std::uint64_t>> m_written; // the entry's, see above
    std::shared_ptr<void> m_rebased;                                  // scratch of rebase
    ComponentId m_rebased_type = 0;
    std::vector<std::shared_ptr<void>> m_defaults; // per type id, for types without `defaults`
};

// Stages text with one index of it whole.
StagedScene stage_whole(std::string_view text, const StageContext& context) {
    od::parser parser(text.size());
    od::document doc =
        take(parser.iterate(text.data(), text.size(), text.size() + kFastReadPadding));
    Stager stager(context, text.size());
    stager.read_root(doc, nullptr);
    return stager.finish();
}

// Stages text indexing the root without its objects (the skeleton), then the objects a window
// at a time (scene_text_windows.h): the index is the size of a window, not of the text. Each
// window is given to the parser as an array of its entries.
StagedScene stage_in_windows(std::string_view text, ObjectsSpan span, const StageContext& context) {
    od::parser parser;
    Stager stager(context, span.close - span.open);
    {
        const std::string skeleton = skeleton_of(text, span, kFastReadPadding);
        od::document doc = take(
            parser.iterate(skeleton.data(), skeleton.size() - kFastReadPadding, skeleton.size()));
        stager.read_root(doc, skeleton.data() + span.open);
    }
    std::string window;
    std::size_t windows = 0;
    for (std::size_t begin = span.open + 1; begin < span.close;) {
        const std::size_t end = window_end(text, begin, span, context.window_bytes);
        window.assign(1, '[');
        window.append(text.substr(begin, end - begin));
        window.push_back(']');
        window.append(kFastReadPadding, '\0');
        od::document doc =
            take(parser.iterate(window.data(), window.size() - kFastReadPadding, window.size()));
        stager.read_window(doc);
        begin = end + 1;
        ++windows;
    }
    StagedScene staged = stager.finish();
    staged.windows = windows;
    return staged;
}

} // namespace

std::optional<StagedScene> stage_scene(std::string_view text, const StageContext& context) {
    if (text.size() > context.limits.max_bytes) return std::nullopt;
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3); // a UTF-8 byte order mark
    try {
        // When one window would hold every object, the text is indexed whole, without a copy.
        const std::optional<ObjectsSpan> span = find_objects_array(text);
        if (span && window_end(text, span->open + 1, *span, context.window_bytes) != span->close) {
            try {
                return stage_in_windows(text, *span, context);
            } catch (const GiveUp&) {
                // A guess of the windows missed, or the text has what the fast path leaves to
                // the precise reader: the whole text indexed at once tells.
            }
        }
        return stage_whole(text, context);
    } catch (const GiveUp&) {
        return std::nullopt;
    } catch (const std::bad_alloc&) {
        return std::nullopt; // the precise reader reports what it can
    }
}

} // namespace diorama::detail
