#include "diorama/state_hash.h"

#include "diorama/prefab.h"
#include "diorama/scene_file.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <variant>

namespace diorama {

namespace {

// A 64-bit streaming hash over words; strong enough to tell states apart, not cryptographic.
class Hasher {
public:
    void word(std::uint64_t w) {
        m_h ^= w * 0x87c37b91114253d5ull;
        m_h = std::rotl(m_h, 31) * 0x4cf5ad432745937full + 0x52dce729ull;
    }
    void f32(float f) {
        if (f == 0.0f) f = 0.0f; // -0 and +0 are written alike
        word(std::bit_cast<std::uint32_t>(f));
    }
    void text(std::string_view s) {
        word(s.size());
        std::uint64_t w = 0;
        std::size_t n = 0;
        for (char c : s) {
            w = (w << 8) | static_cast<std::uint8_t>(c);
            if (++n == 8) {
                word(w);
                w = 0;
                n = 0;
            }
        }
        if (n != 0) word(w);
    }
    void value(const PropertyValue& v) {
        word(v.index());
        std::visit([this](const auto& x) { one(x); }, v);
    }
    void value(const FieldValue& v) {
        word(v.index());
        std::visit([this](const auto& x) { one(x); }, v);
    }
    [[nodiscard]] std::uint64_t finish() const {
        std::uint64_t x = m_h;
        x = (x ^ (x >> 33)) * 0xff51afd7ed558ccdull;
        x = (x ^ (x >> 33)) * 0xc4ceb9fe1a85ec53ull;
        return x ^ (x >> 33);
    }

private:
    void one(bool b) { word(b ? 1 : 0); }
    void one(std::int32_t i) { word(static_cast<std::uint32_t>(i)); }
    void one(float f) { f32(f); }
    void one(const std::string& s) { text(s); }
    void one(const glm::vec2& v) {
        f32(v.x);
        f32(v.y);
    }
    void one(const glm::vec4& v) {
        f32(v.x);
        f32(v.y);
        f32(v.z);
        f32(v.w);
    }
    void one(Guid g) { word(g.value); }
    void one(const TileGrid& g) {
        word(static_cast<std::uint32_t>(g.width));
        word(static_cast<std::uint32_t>(g.height));
        word(g.layers.size());
        for (const TileLayer& layer : g.layers) {
            text(layer.name);
            // Four cells to a word.
            const std::vector<TileId>& cells = layer.cells;
            std::size_t i = 0;
            for (; i + 4 <= cells.size(); i += 4)
                word(std::uint64_t{cells[i]} | std::uint64_t{cells[i + 1]} << 16 |
                     std::uint64_t{cells[i + 2]} << 32 | std::uint64_t{cells[i + 3]} << 48);
            for (; i < cells.size(); ++i)
                word(cells[i]);
        }
    }
    void one(const PropertyMap& m) {
        word(m.size());
        for (const auto& [k, v] : m) {
            text(k);
            value(v);
        }
    }

    std::uint64_t m_h = 0x9e3779b97f4a7c15ull;
};

} // namespace

std::uint64_t state_hash(const World& world) {
    Hasher h;
    for (const std::string& layer : world.layers())
        h.text(layer);

    std::vector<Handle> objects;
    objects.reserve(world.object_count());
    world.each_object([&](Handle o) { objects.push_back(o); });
    std::sort(objects.begin(), objects.end(),
              [&](Handle a, Handle b) { return world.guid(a) < world.guid(b); });

    // Components are hashed in type-name order, so registration order does not matter.
    std::vector<const TypeInfo*> types = world.registry().types();
    std::sort(types.begin(), types.end(),
              [](const TypeInfo* a, const TypeInfo* b) { return a->name < b->name; });

    h.word(objects.size());
    for (Handle o : objects) {
        h.word(world.guid(o).value);
        h.text(world.name(o));
        h.text(world.layers()[world.layer(o)]);
        h.word(world.guid(world.parent(o)).value);
        for (const TypeInfo* t : types) {
            const void* c = world.get(o, t->id);
            if (c == nullptr) continue;
            h.text(t->name);
            for (const FieldInfo& f : t->fields)
                h.value(f.get(c));
        }
        // Saved but not reflected: the prefab link and components of unknown types.
        if (const PrefabInstance* link = world.get<PrefabInstance>(o)) {
            h.text("prefab:" + link->prefab);
            if (!link->part.is_null()) h.word(link->part.value);
        }
        if (const MissingPrefab* kept = world.get<MissingPrefab>(o))
            h.text("missing prefab:" + kept->prefab + "=" + to_compact_json(kept->components));
        if (const UnknownComponents* unknown = world.get<UnknownComponents>(o))
            for (const auto& [name, value] : unknown->components)
                h.text(name + "=" + to_compact_json(value));
    }
    return h.finish();
}

std::string format_hash(std::uint64_t hash) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
    return text;
}

} // namespace diorama
