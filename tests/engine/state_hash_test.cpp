// Tests of the state hash: equal for identical states however they were built, different after
// any change to what a scene file saves.

#include "diorama/components.h"
#include "diorama/reflection.h"
#include "diorama/state_hash.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace diorama {
namespace {

// A component with an object reference (no built-in has one), so every FieldType is hashed.
enum class StateHashMode : std::int32_t { Off, On, Auto };

struct StateHashProbe {
    bool flag = false;
    std::int32_t count = 0;
    float ratio = 0.0f;
    std::string label;
    glm::vec2 offset{0.0f};
    glm::vec4 tint{1.0f};
    StateHashMode mode = StateHashMode::Off;
    Guid target{};
    std::string prefab;
    PropertyMap extras;
};

} // namespace

template <>
TypeInfo describe<StateHashProbe>() {
    return TypeBuilder<StateHashProbe>("StateHashProbe")
        .field<&StateHashProbe::flag>("flag")
        .field<&StateHashProbe::count>("count")
        .field<&StateHashProbe::ratio>("ratio")
        .field<&StateHashProbe::label>("label")
        .field<&StateHashProbe::offset>("offset")
        .field<&StateHashProbe::tint>("tint")
        .field<&StateHashProbe::mode>("mode")
        .enumeration({"off", "on", "auto"})
        .field<&StateHashProbe::target>("target")
        .field<&StateHashProbe::prefab>("prefab")
        .asset(AssetKind::Prefab)
        .field<&StateHashProbe::extras>("extras")
        .build();
}

namespace {

// ---- helpers ----

// An ObjectDef with an explicit guid (written out: GCC 12 warns on designators that skip fields).
ObjectDef def(std::uint64_t guid, std::string name = {}, LayerId layer = 0) {
    ObjectDef d;
    d.guid = Guid{guid};
    d.name = std::move(name);
    d.layer = layer;
    return d;
}

const TypeRegistry& builtins_and_probe(TypeRegistry& registry) {
    register_builtin_components(registry);
    EXPECT_TRUE(registry.add<StateHashProbe>().ok());
    return registry;
}

// Values differing from v in one way each (a field's every part, the smallest float step).
std::vector<FieldValue> changes_of(const FieldInfo& f, const FieldValue& v) {
    std::vector<FieldValue> out;
    std::visit(
        [&](const auto& x) {
            using X = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<X, bool>) {
                out.emplace_back(!x);
            } else if constexpr (std::is_same_v<X, std::int32_t>) {
                if (f.type == FieldType::Enum) {
                    for (std::size_t i = 0; i < f.enum_names.size(); ++i)
                        if (static_cast<std::int32_t>(i) != x)
                            out.emplace_back(static_cast<std::int32_t>(i));
                } else {
                    out.emplace_back(x + 1);
                    out.emplace_back(x - 1);
                    out.emplace_back(x + (1 << 24));
                }
            } else if constexpr (std::is_same_v<X, float>) {
                out.emplace_back(x + 1.0f);
                out.emplace_back(std::nextafter(x, std::numeric_limits<float>::infinity()));
                if (x != 0.0f) out.emplace_back(-x);
            } else if constexpr (std::is_same_v<X, std::string>) {
                out.emplace_back(x + "x");
                out.emplace_back(std::string("a/completely/different/value.txt"));
                if (!x.empty()) {
                    out.emplace_back(std::string());
                    std::string flipped = x;
                    flipped.back() = flipped.back() == 'a' ? 'b' : 'a';
                    out.emplace_back(flipped);
                }
            } else if constexpr (std::is_same_v<X, glm::vec2>) {
                for (int i = 0; i < 2; ++i) {
                    glm::vec2 c = x;
                    c[i] += 0.5f;
                    out.emplace_back(c);
                }
            } else if constexpr (std::is_same_v<X, glm::vec4>) {
                for (int i = 0; i < 4; ++i) {
                    glm::vec4 c = x;
                    c[i] = c[i] == 0.25f ? 0.75f : 0.25f;
                    out.emplace_back(c);
                }
            } else if constexpr (std::is_same_v<X, Guid>) {
                out.emplace_back(Guid{x.value + 1});
                out.emplace_back(Guid{x.value ^ 0x8000000000000000ull});
            } else if constexpr (std::is_same_v<X, PropertyMap>) {
                PropertyMap added = x;
                added["added"] = false;
                out.emplace_back(added);
            } else if constexpr (std::is_same_v<X, TileGrid>) {
                // One cell, the last one, a layer's name, the size.
                TileGrid cell = x;
                cell.set(0, 0, 0, 1);
                out.emplace_back(cell);
                TileGrid last = x;
                last.set(0, x.width - 1, x.height - 1, 65535);
                out.emplace_back(last);
                TileGrid renamed = x;
                renamed.layers[0].name += "x";
                out.emplace_back(renamed);
                TileGrid wider = x;
                (void)wider.resize(x.width + 1, x.height);
                out.emplace_back(wider);
            }
        },
        v);
    return out;
}

class StateHashTest : public ::testing::Test {
protected:
    TypeRegistry registry;
    World world{builtins_and_probe(registry)};
};

// Builds the same small scene whatever the order of objects (a permutation of 0..3).
void build_scene(World& w, const std::vector<int>& order) {
    const LayerId fg = w.add_layer("foreground");
    Handle handles[4]{};
    for (int i : order) {
        switch (i) {
        case 0: {
            const Handle h = w.create(def(0x1001, "player")).value();
            w.get<Transform2D>(h)->position = {10.0f, 20.0f};
            w.add<Velocity>(h)->linear = {1.0f, 0.0f};
            w.add<Sprite>(h)->image = "images/player.png";
            handles[0] = h;
            break;
        }
        case 1: {
            const Handle h = w.create(def(0x1002, "sword")).value();
            w.add<Sprite>(h)->order = 2;
            w.add<Collider>(h)->trigger = true;
            handles[1] = h;
            break;
        }
        case 2: {
            const Handle h = w.create(def(0x1003, "brick", fg)).value();
            Properties* p = w.add<Properties>(h);
            p->values["hp"] = std::int32_t{3};
            p->values["color"] = glm::vec4(1.0f, 0.0f, 0.0f, 1.0f);
            p->values["label"] = std::string("red brick");
            w.add<Shape>(h)->kind = ShapeKind::Circle;
            handles[2] = h;
            break;
        }
        case 3: {
            const Handle h = w.create(def(0x1004, "sign", fg)).value();
            w.add<Text>(h)->text = "hello";
            w.add<StateHashProbe>(h)->target = Guid{0x1001};
            handles[3] = h;
            break;
        }
        default:
            FAIL() << "no object " << i;
        }
    }
    ASSERT_TRUE(w.set_parent(handles[1], handles[0]).ok());
    ASSERT_TRUE(w.set_parent(handles[3], handles[2]).ok());
}

// ---- equal states ----

TEST(StateHash, EmptyWorldsHashEqual) {
    TypeRegistry registry;
    register_builtin_components(registry);
    const World a(registry);
    const World b(registry);
    EXPECT_EQ(state_hash(a), state_hash(b));
}

TEST_F(StateHashTest, HashingDoesNotChangeTheWorld) {
    build_scene(world, {0, 1, 2, 3});
    const std::uint64_t first = state_hash(world);
    EXPECT_EQ(state_hash(world), first);
    EXPECT_EQ(world.stats().stale_accesses, 0u);
}

TEST_F(StateHashTest, IdenticalStatesHashEqualWhateverTheCreationOrder) {
    build_scene(world, {0, 1, 2, 3});
    const std::uint64_t expected = state_hash(world);
    for (const std::vector<int>& order :
         {std::vector<int>{3, 2, 1, 0}, std::vector<int>{2, 0, 3, 1},
          std::vector<int>{1, 3, 0, 2}}) {
        World other(registry);
        build_scene(other, order);
        EXPECT_EQ(state_hash(other), expected)
            << "order " << order[0] << order[1] << order[2] << order[3];
    }
}

TEST_F(StateHashTest, SlotReuseAndEarlierObjectsLeaveNoTrace) {
    build_scene(world, {0, 1, 2, 3});
    World churned(registry);
    std::vector<Handle> temporary;
    for (int i = 0; i < 10; ++i) {
        temporary.push_back(churned.create());
        churned.add<Velocity>(temporary.back());
        churned.add<Properties>(temporary.back())->values["junk"] = i;
    }
    for (Handle h : temporary)
        churned.destroy(h);
    churned.flush();
    build_scene(churned, {2, 3, 0, 1});
    EXPECT_EQ(state_hash(churned), state_hash(world));
}

TEST_F(StateHashTest, ComponentAddOrderDoesNotMatter) {
    const Handle a = world.create(def(1)).value();
    world.add<Sprite>(a);
    world.add<Velocity>(a);
    world.add<Shape>(a);
    World other(registry);
    const Handle b = other.create(def(1)).value();
    other.add<Shape>(b);
    other.add<Velocity>(b);
    other.add<Sprite>(b);
    EXPECT_EQ(state_hash(other), state_hash(world));
}

TEST(StateHash, RegistrationOrderDoesNotMatter) {
    TypeRegistry first;
    register_builtin_components(first);
    ASSERT_TRUE(first.add<StateHashProbe>().ok());
    TypeRegistry second;
    ASSERT_TRUE(second.add<StateHashProbe>().ok());
    register_builtin_components(second);

    World a(first);
    World b(second);
    build_scene(a, {0, 1, 2, 3});
    build_scene(b, {0, 1, 2, 3});
    EXPECT_EQ(state_hash(a), state_hash(b));
}

TEST_F(StateHashTest, RestoringAChangeRestoresTheHash) {
    build_scene(world, {0, 1, 2, 3});
    const std::uint64_t before = state_hash(world);
    const Handle player = world.find(Guid{0x1001});
    world.get<Transform2D>(player)->rotation_deg = 30.0f;
    world.set_name(player, "hero");
    ASSERT_NE(state_hash(world), before);
    world.get<Transform2D>(player)->rotation_deg = 0.0f;
    world.set_name(player, "player");
    EXPECT_EQ(state_hash(world), before);
}

// ---- every reflected field ----

TEST_F(StateHashTest, ChangingAnyReflectedFieldChangesTheHash) {
    std::size_t fields_checked = 0;
    std::size_t changes_checked = 0;
    for (const TypeInfo* t : registry.types()) {
        World w(registry);
        build_scene(w, {0, 1, 2, 3});
        const Handle h = w.create(def(0x2001, "subject")).value();
        void* c = w.add(h, t->id);
        ASSERT_NE(c, nullptr) << t->name;
        const std::uint64_t base = state_hash(w);
        for (const FieldInfo& f : t->fields) {
            const FieldValue original = f.get(c);
            const std::vector<FieldValue> changes = changes_of(f, original);
            EXPECT_FALSE(changes.empty()) << t->name << "." << f.name;
            for (std::size_t i = 0; i < changes.size(); ++i) {
                SCOPED_TRACE(t->name + "." + f.name + " change " + std::to_string(i));
                ASSERT_FALSE(changes[i] == original);
                f.set(c, changes[i]);
                EXPECT_NE(state_hash(w), base);
                f.set(c, original);
                EXPECT_EQ(state_hash(w), base) << "restored";
                ++changes_checked;
            }
            ++fields_checked;
        }
    }
    std::size_t total_fields = 0;
    for (const TypeInfo* t : registry.types())
        total_fields += t->fields.size();
    EXPECT_EQ(fields_checked, total_fields);
    EXPECT_GE(fields_checked, 40u) << "built-ins and the probe";
    EXPECT_GT(changes_checked, fields_checked);
}

TEST_F(StateHashTest, ChangingAFieldOfAnyObjectChangesTheHash) {
    // Not only the first or last object: every object's fields count.
    build_scene(world, {0, 1, 2, 3});
    const std::uint64_t base = state_hash(world);
    for (std::uint64_t g : {0x1001u, 0x1002u, 0x1003u, 0x1004u}) {
        SCOPED_TRACE(g);
        Transform2D* t = world.get<Transform2D>(world.find(Guid{g}));
        ASSERT_NE(t, nullptr);
        const glm::vec2 scale = t->scale;
        t->scale.y += 1.0f;
        EXPECT_NE(state_hash(world), base);
        t->scale = scale;
        EXPECT_EQ(state_hash(world), base);
    }
}

TEST_F(StateHashTest, SwappingTwoFieldsValuesChangesTheHash) {
    const Handle h = world.create(def(1)).value();
    world.get<Transform2D>(h)->position = {2.0f, 3.0f};
    world.get<Transform2D>(h)->scale = {1.0f, 1.0f};
    const std::uint64_t before = state_hash(world);
    world.get<Transform2D>(h)->position = {1.0f, 1.0f};
    world.get<Transform2D>(h)->scale = {2.0f, 3.0f};
    EXPECT_NE(state_hash(world), before);
}

TEST_F(StateHashTest, StringBoundariesMatter) {
    const Handle h = world.create(def(1)).value();
    Text* text = world.add<Text>(h);
    text->text = "ab";
    text->font = "c";
    const std::uint64_t before = state_hash(world);
    text->text = "a";
    text->font = "bc";
    EXPECT_NE(state_hash(world), before);
}

TEST_F(StateHashTest, SwappingValuesBetweenObjectsChangesTheHash) {
    const Handle a = world.create(def(1, "left")).value();
    const Handle b = world.create(def(2, "right")).value();
    world.get<Transform2D>(a)->position = {1.0f, 0.0f};
    world.get<Transform2D>(b)->position = {2.0f, 0.0f};
    const std::uint64_t before = state_hash(world);
    world.get<Transform2D>(a)->position = {2.0f, 0.0f};
    world.get<Transform2D>(b)->position = {1.0f, 0.0f};
    EXPECT_NE(state_hash(world), before) << "positions swapped";
    world.get<Transform2D>(a)->position = {1.0f, 0.0f};
    world.get<Transform2D>(b)->position = {2.0f, 0.0f};
    ASSERT_EQ(state_hash(world), before);
    world.set_name(a, "right");
    world.set_name(b, "left");
    EXPECT_NE(state_hash(world), before) << "names swapped";
}

// ---- identity, names, layers, parents ----

TEST_F(StateHashTest, AnObjectChangesTheHashOfAnEmptyWorld) {
    const std::uint64_t empty = state_hash(world);
    const Handle h = world.create(def(1)).value();
    EXPECT_NE(state_hash(world), empty);
    world.destroy(h);
    world.flush();
    EXPECT_EQ(state_hash(world), empty) << "and leaves no trace once flushed";
}

TEST_F(StateHashTest, GuidChangesTheHash) {
    ASSERT_TRUE(world.create(def(1, "thing")));
    World other(registry);
    ASSERT_TRUE(other.create(def(2, "thing")));
    EXPECT_NE(state_hash(world), state_hash(other));
}

TEST_F(StateHashTest, NameChangesTheHash) {
    const Handle h = world.create(def(1, "thing")).value();
    const std::uint64_t before = state_hash(world);
    world.set_name(h, "things");
    EXPECT_NE(state_hash(world), before);
    world.set_name(h, "");
    EXPECT_NE(state_hash(world), before);
    world.set_name(h, "Thing");
    EXPECT_NE(state_hash(world), before);
}

TEST_F(StateHashTest, LayerChangesTheHash) {
    const LayerId back = world.add_layer("background");
    const LayerId front = world.add_layer("front");
    const Handle h = world.create(def(1, "thing")).value();
    const std::uint64_t on_default = state_hash(world);
    ASSERT_TRUE(world.set_layer(h, back).ok());
    const std::uint64_t on_back = state_hash(world);
    ASSERT_TRUE(world.set_layer(h, front).ok());
    const std::uint64_t on_front = state_hash(world);
    EXPECT_NE(on_default, on_back);
    EXPECT_NE(on_default, on_front);
    EXPECT_NE(on_back, on_front);
    ASSERT_TRUE(world.set_layer(h, 0).ok());
    EXPECT_EQ(state_hash(world), on_default);
}

TEST_F(StateHashTest, ParentChangesTheHash) {
    const Handle a = world.create(def(1, "a")).value();
    const Handle b = world.create(def(2, "b")).value();
    const Handle c = world.create(def(3, "c")).value();
    const std::uint64_t roots = state_hash(world);
    ASSERT_TRUE(world.set_parent(c, a).ok());
    const std::uint64_t under_a = state_hash(world);
    ASSERT_TRUE(world.set_parent(c, b).ok());
    const std::uint64_t under_b = state_hash(world);
    EXPECT_NE(roots, under_a);
    EXPECT_NE(roots, under_b);
    EXPECT_NE(under_a, under_b);
    ASSERT_TRUE(world.set_parent(c, kNullHandle).ok());
    EXPECT_EQ(state_hash(world), roots);
}

// ---- properties ----

class StateHashProperties : public StateHashTest {
protected:
    StateHashProperties() {
        h = world.create(def(1, "brick")).value();
        values = &world.add<Properties>(h)->values;
        (*values)["hp"] = std::int32_t{1};
        (*values)["name"] = std::string("red");
        before = state_hash(world);
    }
    Handle h{};
    PropertyMap* values = nullptr;
    std::uint64_t before = 0;
};

TEST_F(StateHashProperties, RenamingAKeyChangesTheHash) {
    values->erase("hp");
    (*values)["hq"] = std::int32_t{1};
    EXPECT_NE(state_hash(world), before);
}

TEST_F(StateHashProperties, ChangingAValueChangesTheHash) {
    (*values)["hp"] = std::int32_t{2};
    EXPECT_NE(state_hash(world), before);
    (*values)["hp"] = std::int32_t{1};
    (*values)["name"] = std::string("rod");
    EXPECT_NE(state_hash(world), before);
}

TEST_F(StateHashProperties, ChangingAValuesTypeChangesTheHash) {
    for (const PropertyValue& same_number :
         {PropertyValue{1.0f}, PropertyValue{true}, PropertyValue{std::string("1")}}) {
        SCOPED_TRACE(property_type_name(same_number));
        (*values)["hp"] = same_number;
        EXPECT_NE(state_hash(world), before);
    }
    (*values)["hp"] = std::int32_t{1};
    EXPECT_EQ(state_hash(world), before);
}

TEST_F(StateHashProperties, AddingOrRemovingAKeyChangesTheHash) {
    (*values)["extra"] = false;
    EXPECT_NE(state_hash(world), before);
    values->erase("extra");
    ASSERT_EQ(state_hash(world), before);
    values->erase("name");
    EXPECT_NE(state_hash(world), before);
}

TEST_F(StateHashProperties, SwappingValuesBetweenKeysChangesTheHash) {
    (*values)["hp"] = std::string("red");
    (*values)["name"] = std::int32_t{1};
    EXPECT_NE(state_hash(world), before);
}

TEST_F(StateHashProperties, EveryPropertyTypeIsHashedByValue) {
    const std::vector<std::pair<PropertyValue, PropertyValue>> pairs{
        {true, false},
        {std::int32_t{5}, std::int32_t{6}},
        {0.5f, 0.25f},
        {std::string("a"), std::string("b")},
        {glm::vec2(1.0f, 2.0f), glm::vec2(1.0f, 3.0f)},
        {glm::vec4(0.1f, 0.2f, 0.3f, 0.4f), glm::vec4(0.1f, 0.2f, 0.3f, 0.5f)},
    };
    for (const auto& [first, second] : pairs) {
        SCOPED_TRACE(property_type_name(first));
        (*values)["probe"] = first;
        const std::uint64_t with_first = state_hash(world);
        (*values)["probe"] = second;
        EXPECT_NE(state_hash(world), with_first);
    }
}

// ---- components ----

TEST_F(StateHashTest, AddingOrRemovingAComponentChangesTheHash) {
    for (const TypeInfo* t : registry.types()) {
        if (t->id == component_id<Transform2D>()) continue; // every object has one
        SCOPED_TRACE(t->name);
        World w(registry);
        build_scene(w, {0, 1, 2, 3});
        const Handle h = w.create(def(0x2001, "subject")).value();
        const std::uint64_t without = state_hash(w);
        ASSERT_NE(w.add(h, t->id), nullptr);
        const std::uint64_t with = state_hash(w);
        EXPECT_NE(with, without) << "a default component still counts";
        ASSERT_TRUE(w.remove(h, t->id));
        EXPECT_EQ(state_hash(w), without);
    }
}

TEST_F(StateHashTest, MovingAComponentToAnotherObjectChangesTheHash) {
    const Handle a = world.create(def(1)).value();
    const Handle b = world.create(def(2)).value();
    world.add<Velocity>(a);
    const std::uint64_t on_a = state_hash(world);
    world.remove<Velocity>(a);
    world.add<Velocity>(b);
    EXPECT_NE(state_hash(world), on_a);
}

TEST_F(StateHashTest, ReplacingAComponentByAnotherTypeChangesTheHash) {
    const Handle h = world.create(def(1)).value();
    world.add<Shape>(h);
    const std::uint64_t with_shape = state_hash(world);
    world.remove<Shape>(h);
    world.add<Collider>(h);
    EXPECT_NE(state_hash(world), with_shape);
}

// ---- format_hash ----

TEST(StateHashFormat, GivesSixteenLowercaseHexDigits) {
    EXPECT_EQ(format_hash(0), "0000000000000000");
    EXPECT_EQ(format_hash(1), "0000000000000001");
    EXPECT_EQ(format_hash(0x0123456789abcdefull), "0123456789abcdef");
    EXPECT_EQ(format_hash(0xfedcba9876543210ull), "fedcba9876543210");
    EXPECT_EQ(format_hash(~0ull), "ffffffffffffffff");
}

TEST_F(StateHashTest, FormattedHashOfAWorldIsSixteenHexDigits) {
    build_scene(world, {0, 1, 2, 3});
    const std::string text = format_hash(state_hash(world));
    ASSERT_EQ(text.size(), 16u);
    for (char c : text)
        EXPECT_TRUE(std::isxdigit(static_cast<unsigned char>(c)) &&
                    !std::isupper(static_cast<unsigned char>(c)))
            << text;
    EXPECT_EQ(std::stoull(text, nullptr, 16), state_hash(world));
}

} // namespace
} // namespace diorama
