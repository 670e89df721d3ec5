// Tests of field paths: parse_field_path, get_field, set_field and write_field on every field
// type, and of a custom component declared here that covers every FieldType and both hooks.

#include "diorama/components.h"
#include "diorama/field_path.h"
#include "diorama/reflection.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace diorama {
namespace {

// ---- a test component covering every FieldType ----

enum class ProbeMood : std::int32_t { Calm, Happy, Angry };

struct FieldPathProbe {
    bool flag = false;
    std::int32_t count = 0; // -10..10
    float ratio = 0.5f;     // 0..1
    std::string label;
    glm::vec2 offset{0.0f};
    glm::vec4 tint{1.0f};
    ProbeMood mood = ProbeMood::Calm;
    Guid target{};
    std::string sound; // asset path
    PropertyMap extras;
};

// One hook call, recorded with what the hook saw.
struct HookCall {
    Handle handle{};
    const FieldPathProbe* component = nullptr;
    std::int32_t count = 0;
    bool attached = false; // world.get<FieldPathProbe>(handle) == component during the hook
};

std::vector<HookCall> g_created;
std::vector<HookCall> g_destroyed;

} // namespace

template <>
TypeInfo describe<FieldPathProbe>() {
    return TypeBuilder<FieldPathProbe>("FieldPathProbe")
        .field<&FieldPathProbe::flag>("flag")
        .field<&FieldPathProbe::count>("count")
        .range(-10.0f, 10.0f)
        .field<&FieldPathProbe::ratio>("ratio")
        .range(0.0f, 1.0f)
        .field<&FieldPathProbe::label>("label")
        .multiline()
        .field<&FieldPathProbe::offset>("offset")
        .range(-5.0f, 5.0f)
        .field<&FieldPathProbe::tint>("tint")
        .field<&FieldPathProbe::mood>("mood")
        .enumeration({"calm", "happy", "angry"})
        .field<&FieldPathProbe::target>("target")
        .field<&FieldPathProbe::sound>("sound")
        .asset(AssetKind::Sound)
        .field<&FieldPathProbe::extras>("extras")
        .on_create([](World& w, Handle h, FieldPathProbe& c) {
            g_created.push_back({h, &c, c.count, w.get<FieldPathProbe>(h) == &c});
        })
        .on_destroy([](World& w, Handle h, FieldPathProbe& c) {
            g_destroyed.push_back({h, &c, c.count, w.get<FieldPathProbe>(h) == &c});
        })
        .build();
}

namespace {

// ---- helpers ----

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

std::string show(const FieldValue& v) {
    std::ostringstream out;
    std::visit(
        [&out](const auto& x) {
            using X = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<X, glm::vec2>)
                out << "vec2(" << x.x << ", " << x.y << ")";
            else if constexpr (std::is_same_v<X, glm::vec4>)
                out << "color(" << x.x << ", " << x.y << ", " << x.z << ", " << x.w << ")";
            else if constexpr (std::is_same_v<X, Guid>)
                out << "guid " << to_string(x);
            else if constexpr (std::is_same_v<X, PropertyMap>)
                out << "map of " << x.size();
            else if constexpr (std::is_same_v<X, TileGrid>)
                out << "tiles " << x.width << " x " << x.height;
            else if constexpr (std::is_same_v<X, std::string>)
                out << '"' << x << '"';
            else
                out << x;
        },
        v);
    return out.str();
}

// The value at path equals expected (same alternative, same value).
::testing::AssertionResult reads(const World& world, Handle h, std::string_view path,
                                 const FieldValue& expected) {
    const Result<FieldValue> got = get_field(world, h, path);
    if (!got) return ::testing::AssertionFailure() << path << ": " << got.error().describe();
    if (*got == expected) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << path << " reads " << show(*got) << " (" << value_type_name(*got) << "), expected "
           << show(expected) << " (" << value_type_name(expected) << ")";
}

// The result failed with this code.
template <class T>
::testing::AssertionResult fails_with(const Result<T>& r, ErrorCode code) {
    if (r.ok()) return ::testing::AssertionFailure() << "succeeded; expected " << to_string(code);
    if (r.error().code == code) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << "failed with " << to_string(r.error().code) << " (" << r.error().describe()
           << "); expected " << to_string(code);
}

// The built-ins and the probe; a world reads its registry when it is made, so this comes first.
const TypeRegistry& with_probe(TypeRegistry& registry) {
    register_builtin_components(registry);
    EXPECT_TRUE(registry.add<FieldPathProbe>().ok());
    return registry;
}

class FieldPathTest : public ::testing::Test {
protected:
    FieldPathTest() {
        g_created.clear();
        g_destroyed.clear();
        h = world.create({.name = "subject"}).value();
    }

    TypeRegistry registry;
    World world{with_probe(registry)};
    Handle h{};
};

// ---- parse_field_path ----

TEST(FieldPathParse, SplitsComponentAndField) {
    const Result<FieldPath> p = parse_field_path("Transform2D.position");
    ASSERT_TRUE(p.ok()) << p.error().describe();
    EXPECT_EQ(p->component, "Transform2D");
    EXPECT_EQ(p->field, "position");
    EXPECT_EQ(p->part, "");
}

TEST(FieldPathParse, SplitsAVectorPart) {
    const Result<FieldPath> p = parse_field_path("Shape.color.a");
    ASSERT_TRUE(p.ok()) << p.error().describe();
    EXPECT_EQ(p->component, "Shape");
    EXPECT_EQ(p->field, "color");
    EXPECT_EQ(p->part, "a");
}

TEST(FieldPathParse, KeepsTheRestOfThePathAsThePart) {
    const Result<FieldPath> p = parse_field_path("Properties.values.stats.hp.max");
    ASSERT_TRUE(p.ok()) << p.error().describe();
    EXPECT_EQ(p->component, "Properties");
    EXPECT_EQ(p->field, "values");
    EXPECT_EQ(p->part, "stats.hp.max");
}

TEST(FieldPathParse, DoesNotCheckNamesAgainstARegistry) {
    const Result<FieldPath> p = parse_field_path("Nothing.nowhere");
    ASSERT_TRUE(p.ok());
    EXPECT_EQ(p->component, "Nothing");
    EXPECT_EQ(p->field, "nowhere");
}

TEST(FieldPathParse, RefusesMalformedPaths) {
    for (const char* bad : {"", ".", "..", "Transform2D", ".position", "Transform2D.",
                            "Transform2D..x", "Transform2D.position.", ".position.x"}) {
        SCOPED_TRACE(std::string("'") + bad + "'");
        EXPECT_TRUE(fails_with(parse_field_path(bad), ErrorCode::InvalidArgument));
    }
}

TEST_F(FieldPathTest, GetAndSetRefuseMalformedPaths) {
    EXPECT_TRUE(fails_with(get_field(world, h, "Transform2D"), ErrorCode::InvalidArgument));
    EXPECT_TRUE(fails_with(set_field(world, h, "Transform2D.", 1.0f), ErrorCode::InvalidArgument));
    EXPECT_TRUE(
        fails_with(set_field(world, h, "Properties.values.", 1.0f), ErrorCode::InvalidArgument));
}

// ---- bool, int, float, string ----

TEST_F(FieldPathTest, BoolFieldReadsAndWrites) {
    world.add<Shape>(h);
    EXPECT_TRUE(reads(world, h, "Shape.filled", true));
    ASSERT_TRUE(set_field(world, h, "Shape.filled", false).ok());
    EXPECT_FALSE(world.get<Shape>(h)->filled);
    EXPECT_TRUE(reads(world, h, "Shape.filled", false));
}

TEST_F(FieldPathTest, IntFieldReadsAndWrites) {
    world.add<Sprite>(h);
    EXPECT_TRUE(reads(world, h, "Sprite.order", std::int32_t{0}));
    ASSERT_TRUE(set_field(world, h, "Sprite.order", std::int32_t{-42}).ok());
    EXPECT_EQ(world.get<Sprite>(h)->order, -42);
    EXPECT_TRUE(reads(world, h, "Sprite.order", std::int32_t{-42}));
}

TEST_F(FieldPathTest, FloatFieldReadsAndWrites) {
    ASSERT_TRUE(set_field(world, h, "Transform2D.rotation_deg", 45.5f).ok());
    EXPECT_EQ(world.get<Transform2D>(h)->rotation_deg, 45.5f);
    EXPECT_TRUE(reads(world, h, "Transform2D.rotation_deg", 45.5f));
}

TEST_F(FieldPathTest, FloatFieldAcceptsAnInt) {
    ASSERT_TRUE(set_field(world, h, "Transform2D.rotation_deg", std::int32_t{90}).ok());
    EXPECT_EQ(world.get<Transform2D>(h)->rotation_deg, 90.0f);
    EXPECT_TRUE(reads(world, h, "Transform2D.rotation_deg", 90.0f)) << "read back as a float";
}

TEST_F(FieldPathTest, StringFieldReadsAndWrites) {
    world.add<Text>(h);
    ASSERT_TRUE(set_field(world, h, "Text.text", std::string("hello\nworld")).ok());
    EXPECT_EQ(world.get<Text>(h)->text, "hello\nworld");
    EXPECT_TRUE(reads(world, h, "Text.text", std::string("hello\nworld")));
    ASSERT_TRUE(set_field(world, h, "Text.text", std::string()).ok());
    EXPECT_TRUE(reads(world, h, "Text.text", std::string()));
}

// ---- vec2 ----

TEST_F(FieldPathTest, Vec2FieldReadsAndWritesWhole) {
    ASSERT_TRUE(set_field(world, h, "Transform2D.position", glm::vec2(3.0f, -4.0f)).ok());
    EXPECT_EQ(world.get<Transform2D>(h)->position, glm::vec2(3.0f, -4.0f));
    EXPECT_TRUE(reads(world, h, "Transform2D.position", glm::vec2(3.0f, -4.0f)));
}

TEST_F(FieldPathTest, Vec2PartsReadAsFloats) {
    world.get<Transform2D>(h)->position = {3.0f, -4.0f};
    EXPECT_TRUE(reads(world, h, "Transform2D.position.x", 3.0f));
    EXPECT_TRUE(reads(world, h, "Transform2D.position.y", -4.0f));
}

TEST_F(FieldPathTest, Vec2PartWritesOnlyThatPart) {
    world.get<Transform2D>(h)->position = {3.0f, -4.0f};
    ASSERT_TRUE(set_field(world, h, "Transform2D.position.x", 7.5f).ok());
    EXPECT_EQ(world.get<Transform2D>(h)->position, glm::vec2(7.5f, -4.0f));
    ASSERT_TRUE(set_field(world, h, "Transform2D.position.y", std::int32_t{2}).ok());
    EXPECT_EQ(world.get<Transform2D>(h)->position, glm::vec2(7.5f, 2.0f));
}

TEST_F(FieldPathTest, Vec2HasNoColorOrThirdPart) {
    for (const char* path :
         {"Transform2D.position.z", "Transform2D.position.w", "Transform2D.position.r",
          "Transform2D.position.a", "Transform2D.position.xy", "Transform2D.position.X"}) {
        SCOPED_TRACE(path);
        EXPECT_TRUE(fails_with(get_field(world, h, path), ErrorCode::NotFound));
        EXPECT_TRUE(fails_with(set_field(world, h, path, 1.0f), ErrorCode::NotFound));
    }
    EXPECT_EQ(world.get<Transform2D>(h)->position, glm::vec2(0.0f));
}

TEST_F(FieldPathTest, ScalarFieldsHaveNoParts) {
    world.add<Shape>(h);
    EXPECT_TRUE(fails_with(get_field(world, h, "Transform2D.rotation_deg.x"), ErrorCode::NotFound));
    EXPECT_TRUE(fails_with(set_field(world, h, "Shape.radius.x", 1.0f), ErrorCode::NotFound));
    EXPECT_TRUE(fails_with(set_field(world, h, "Shape.filled.x", 1.0f), ErrorCode::NotFound));
    EXPECT_EQ(world.get<Shape>(h)->radius, 16.0f);
}

// ---- color ----

TEST_F(FieldPathTest, ColorFieldReadsAndWritesWhole) {
    world.add<Shape>(h);
    const glm::vec4 c{0.1f, 0.2f, 0.3f, 0.4f};
    ASSERT_TRUE(set_field(world, h, "Shape.color", c).ok());
    EXPECT_EQ(world.get<Shape>(h)->color, c);
    EXPECT_TRUE(reads(world, h, "Shape.color", c));
}

TEST_F(FieldPathTest, ColorPartsReadByRgbaAndXyzw) {
    world.add<Shape>(h)->color = {0.1f, 0.2f, 0.3f, 0.4f};
    EXPECT_TRUE(reads(world, h, "Shape.color.r", 0.1f));
    EXPECT_TRUE(reads(world, h, "Shape.color.g", 0.2f));
    EXPECT_TRUE(reads(world, h, "Shape.color.b", 0.3f));
    EXPECT_TRUE(reads(world, h, "Shape.color.a", 0.4f));
    EXPECT_TRUE(reads(world, h, "Shape.color.x", 0.1f));
    EXPECT_TRUE(reads(world, h, "Shape.color.y", 0.2f));
    EXPECT_TRUE(reads(world, h, "Shape.color.z", 0.3f));
    EXPECT_TRUE(reads(world, h, "Shape.color.w", 0.4f));
}

TEST_F(FieldPathTest, ColorPartWritesOnlyThatPart) {
    world.add<Shape>(h)->color = {0.1f, 0.2f, 0.3f, 0.4f};
    ASSERT_TRUE(set_field(world, h, "Shape.color.a", 0.25f).ok());
    EXPECT_EQ(world.get<Shape>(h)->color, glm::vec4(0.1f, 0.2f, 0.3f, 0.25f));
    ASSERT_TRUE(set_field(world, h, "Shape.color.r", 0.9f).ok());
    ASSERT_TRUE(set_field(world, h, "Shape.color.g", 0.8f).ok());
    ASSERT_TRUE(set_field(world, h, "Shape.color.b", 0.7f).ok());
    EXPECT_EQ(world.get<Shape>(h)->color, glm::vec4(0.9f, 0.8f, 0.7f, 0.25f));
    ASSERT_TRUE(set_field(world, h, "Shape.color.x", 0.0f).ok());
    ASSERT_TRUE(set_field(world, h, "Shape.color.y", std::int32_t{1}).ok());
    ASSERT_TRUE(set_field(world, h, "Shape.color.z", 0.5f).ok());
    ASSERT_TRUE(set_field(world, h, "Shape.color.w", 0.75f).ok());
    EXPECT_EQ(world.get<Shape>(h)->color, glm::vec4(0.0f, 1.0f, 0.5f, 0.75f));
}

TEST_F(FieldPathTest, ColorHasNoOtherParts) {
    world.add<Shape>(h);
    for (const char* path :
         {"Shape.color.rgba", "Shape.color.R", "Shape.color.v", "Shape.color.0"}) {
        SCOPED_TRACE(path);
        EXPECT_TRUE(fails_with(get_field(world, h, path), ErrorCode::NotFound));
        EXPECT_TRUE(fails_with(set_field(world, h, path, 0.5f), ErrorCode::NotFound));
    }
    EXPECT_EQ(world.get<Shape>(h)->color, glm::vec4(1.0f));
}

// ---- enum ----

TEST_F(FieldPathTest, EnumReadsAsItsNumber) {
    world.add<Shape>(h)->kind = ShapeKind::Circle;
    EXPECT_TRUE(reads(world, h, "Shape.kind", std::int32_t{1}));
}

TEST_F(FieldPathTest, EnumWritesByNumber) {
    world.add<Shape>(h);
    ASSERT_TRUE(set_field(world, h, "Shape.kind", std::int32_t{1}).ok());
    EXPECT_EQ(world.get<Shape>(h)->kind, ShapeKind::Circle);
    ASSERT_TRUE(set_field(world, h, "Shape.kind", std::int32_t{0}).ok());
    EXPECT_EQ(world.get<Shape>(h)->kind, ShapeKind::Rect);
}

TEST_F(FieldPathTest, EnumWritesByName) {
    world.add<Text>(h);
    ASSERT_TRUE(set_field(world, h, "Text.align", std::string("right")).ok());
    EXPECT_EQ(world.get<Text>(h)->align, TextAlign::Right);
    ASSERT_TRUE(set_field(world, h, "Text.align", std::string("left")).ok());
    EXPECT_EQ(world.get<Text>(h)->align, TextAlign::Left);
    EXPECT_TRUE(reads(world, h, "Text.align", std::int32_t{0}));
}

TEST_F(FieldPathTest, EnumRefusesNumbersOutOfRange) {
    world.add<Shape>(h)->kind = ShapeKind::Circle;
    for (std::int32_t bad : {2, -1, 1000, std::numeric_limits<std::int32_t>::min()}) {
        SCOPED_TRACE(bad);
        EXPECT_TRUE(fails_with(set_field(world, h, "Shape.kind", bad), ErrorCode::Range));
    }
    EXPECT_EQ(world.get<Shape>(h)->kind, ShapeKind::Circle);
}

TEST_F(FieldPathTest, EnumRefusesUnknownNames) {
    world.add<Shape>(h)->kind = ShapeKind::Circle;
    for (const char* bad : {"triangle", "Rect", "", " rect"}) {
        SCOPED_TRACE(bad);
        const Result<void> r = set_field(world, h, "Shape.kind", std::string(bad));
        EXPECT_FALSE(r.ok());
    }
    EXPECT_EQ(world.get<Shape>(h)->kind, ShapeKind::Circle);
}

TEST_F(FieldPathTest, EnumRefusesOtherTypes) {
    world.add<Shape>(h);
    EXPECT_TRUE(fails_with(set_field(world, h, "Shape.kind", 1.0f), ErrorCode::Type));
    EXPECT_TRUE(fails_with(set_field(world, h, "Shape.kind", true), ErrorCode::Type));
    EXPECT_EQ(world.get<Shape>(h)->kind, ShapeKind::Rect);
}

// ---- object references and assets ----

TEST_F(FieldPathTest, ObjectRefReadsAndWritesAGuid) {
    world.add<FieldPathProbe>(h);
    const Handle other = world.create({.name = "other"}).value();
    const Guid g = world.guid(other);
    ASSERT_TRUE(set_field(world, h, "FieldPathProbe.target", g).ok());
    EXPECT_EQ(world.get<FieldPathProbe>(h)->target, g);
    EXPECT_TRUE(reads(world, h, "FieldPathProbe.target", g));
    EXPECT_EQ(world.find(std::get<Guid>(*get_field(world, h, "FieldPathProbe.target"))), other);
    ASSERT_TRUE(set_field(world, h, "FieldPathProbe.target", Guid{}).ok()) << "null: no object";
    EXPECT_TRUE(world.get<FieldPathProbe>(h)->target.is_null());
}

TEST_F(FieldPathTest, ObjectRefRefusesNonGuids) {
    world.add<FieldPathProbe>(h)->target = Guid{77};
    EXPECT_TRUE(
        fails_with(set_field(world, h, "FieldPathProbe.target", std::int32_t{5}), ErrorCode::Type));
    EXPECT_TRUE(
        fails_with(set_field(world, h, "FieldPathProbe.target", std::string("0000000000000005")),
                   ErrorCode::Type));
    EXPECT_EQ(world.get<FieldPathProbe>(h)->target, Guid{77});
}

TEST_F(FieldPathTest, AssetFieldReadsAndWritesAPath) {
    world.add<Sprite>(h);
    world.add<Text>(h);
    ASSERT_TRUE(set_field(world, h, "Sprite.image", std::string("images/ball.png")).ok());
    EXPECT_EQ(world.get<Sprite>(h)->image, "images/ball.png");
    EXPECT_TRUE(reads(world, h, "Sprite.image", std::string("images/ball.png")));
    ASSERT_TRUE(set_field(world, h, "Text.font", std::string("fonts/mono.ttf")).ok());
    EXPECT_EQ(world.get<Text>(h)->font, "fonts/mono.ttf");
}

TEST_F(FieldPathTest, AssetFieldRefusesNonStrings) {
    world.add<Sprite>(h)->image = "a.png";
    EXPECT_TRUE(fails_with(set_field(world, h, "Sprite.image", std::int32_t{1}), ErrorCode::Type));
    EXPECT_TRUE(fails_with(set_field(world, h, "Sprite.image", Guid{1}), ErrorCode::Type));
    EXPECT_EQ(world.get<Sprite>(h)->image, "a.png");
}

// ---- properties ----

TEST_F(FieldPathTest, PropertiesReadsAndWritesTheWholeMap) {
    world.add<Properties>(h);
    PropertyMap map;
    map["hp"] = std::int32_t{3};
    map["alive"] = true;
    map["speed"] = 2.5f;
    map["label"] = std::string("brick");
    map["spawn"] = glm::vec2(1.0f, 2.0f);
    map["glow"] = glm::vec4(1.0f, 0.5f, 0.0f, 1.0f);
    ASSERT_TRUE(set_field(world, h, "Properties.values", map).ok());
    EXPECT_EQ(world.get<Properties>(h)->values, map);
    EXPECT_TRUE(reads(world, h, "Properties.values", map));

    ASSERT_TRUE(set_field(world, h, "Properties.values", PropertyMap{}).ok());
    EXPECT_TRUE(world.get<Properties>(h)->values.empty()) << "the whole map is replaced";
}

TEST_F(FieldPathTest, PropertyKeysReadAndWriteEveryPropertyType) {
    world.add<Properties>(h);
    const std::vector<std::pair<std::string, FieldValue>> cases{
        {"alive", true},
        {"hp", std::int32_t{3}},
        {"speed", 2.5f},
        {"label", std::string("brick")},
        {"spawn", glm::vec2(1.0f, 2.0f)},
        {"glow", glm::vec4(1.0f, 0.5f, 0.0f, 1.0f)},
    };
    for (const auto& [key, value] : cases) {
        SCOPED_TRACE(key);
        const std::string path = "Properties.values." + key;
        ASSERT_TRUE(set_field(world, h, path, value).ok());
        EXPECT_TRUE(reads(world, h, path, value));
    }
    const PropertyMap& values = world.get<Properties>(h)->values;
    ASSERT_EQ(values.size(), cases.size());
    EXPECT_EQ(std::get<bool>(values.at("alive")), true);
    EXPECT_EQ(std::get<std::int32_t>(values.at("hp")), 3);
    EXPECT_EQ(std::get<float>(values.at("speed")), 2.5f);
    EXPECT_EQ(std::get<std::string>(values.at("label")), "brick");
    EXPECT_EQ(std::get<glm::vec2>(values.at("spawn")), glm::vec2(1.0f, 2.0f));
    EXPECT_EQ(std::get<glm::vec4>(values.at("glow")), glm::vec4(1.0f, 0.5f, 0.0f, 1.0f));
}

TEST_F(FieldPathTest, PropertyKeyWriteReplacesValueAndType) {
    world.add<Properties>(h)->values["hp"] = std::int32_t{3};
    world.get<Properties>(h)->values["other"] = true;
    ASSERT_TRUE(set_field(world, h, "Properties.values.hp", std::string("lots")).ok());
    EXPECT_TRUE(reads(world, h, "Properties.values.hp", std::string("lots")));
    EXPECT_EQ(world.get<Properties>(h)->values.size(), 2u) << "other keys are kept";
    EXPECT_TRUE(reads(world, h, "Properties.values.other", true));
}

TEST_F(FieldPathTest, PropertyKeyMayContainDots) {
    world.add<Properties>(h);
    ASSERT_TRUE(set_field(world, h, "Properties.values.stats.hp", std::int32_t{9}).ok());
    const PropertyMap& values = world.get<Properties>(h)->values;
    ASSERT_EQ(values.count("stats.hp"), 1u);
    EXPECT_EQ(std::get<std::int32_t>(values.at("stats.hp")), 9);
    EXPECT_EQ(values.count("stats"), 0u);
    EXPECT_TRUE(reads(world, h, "Properties.values.stats.hp", std::int32_t{9}));
    EXPECT_TRUE(fails_with(get_field(world, h, "Properties.values.stats"), ErrorCode::NotFound));
}

TEST_F(FieldPathTest, MissingPropertyKeyIsNotFound) {
    world.add<Properties>(h)->values["hp"] = std::int32_t{3};
    EXPECT_TRUE(fails_with(get_field(world, h, "Properties.values.mp"), ErrorCode::NotFound));
    EXPECT_TRUE(fails_with(get_field(world, h, "Properties.values.HP"), ErrorCode::NotFound));
}

TEST_F(FieldPathTest, PropertyKeyRefusesGuidsAndMaps) {
    world.add<Properties>(h);
    EXPECT_TRUE(fails_with(set_field(world, h, "Properties.values.ref", Guid{5}), ErrorCode::Type));
    EXPECT_TRUE(fails_with(set_field(world, h, "Properties.values.nested", PropertyMap{}),
                           ErrorCode::Type));
    EXPECT_TRUE(world.get<Properties>(h)->values.empty());
}

TEST_F(FieldPathTest, PropertyKeyRefusesNonFiniteNumbers) {
    world.add<Properties>(h);
    EXPECT_TRUE(fails_with(set_field(world, h, "Properties.values.f", kNaN), ErrorCode::Range));
    EXPECT_TRUE(fails_with(set_field(world, h, "Properties.values.f", -kInf), ErrorCode::Range));
    EXPECT_TRUE(fails_with(set_field(world, h, "Properties.values.v", glm::vec2(0.0f, kInf)),
                           ErrorCode::Range));
    EXPECT_TRUE(fails_with(set_field(world, h, "Properties.values.c", glm::vec4(0, 0, kNaN, 1)),
                           ErrorCode::Range));
    EXPECT_TRUE(world.get<Properties>(h)->values.empty());
}

TEST_F(FieldPathTest, WholePropertyMapRefusesNonFiniteNumbers) {
    world.add<Properties>(h)->values["keep"] = true;
    PropertyMap bad;
    bad["ok"] = 1.0f;
    bad["bad"] = glm::vec2(kNaN, 0.0f);
    EXPECT_TRUE(fails_with(set_field(world, h, "Properties.values", bad), ErrorCode::Range));
    EXPECT_EQ(world.get<Properties>(h)->values.size(), 1u);
    EXPECT_EQ(world.get<Properties>(h)->values.count("keep"), 1u);
}

TEST_F(FieldPathTest, WholePropertyMapRefusesOtherTypes) {
    world.add<Properties>(h);
    EXPECT_TRUE(
        fails_with(set_field(world, h, "Properties.values", std::string("x")), ErrorCode::Type));
    EXPECT_TRUE(
        fails_with(set_field(world, h, "Properties.values", std::int32_t{1}), ErrorCode::Type));
}

// ---- errors ----

TEST_F(FieldPathTest, UnknownComponentIsUnknownType) {
    EXPECT_TRUE(fails_with(get_field(world, h, "Nope.value"), ErrorCode::UnknownType));
    EXPECT_TRUE(fails_with(set_field(world, h, "Nope.value", 1.0f), ErrorCode::UnknownType));
    EXPECT_TRUE(fails_with(get_field(world, h, "transform2d.position"), ErrorCode::UnknownType));
}

TEST_F(FieldPathTest, UnknownFieldIsNotFound) {
    EXPECT_TRUE(fails_with(get_field(world, h, "Transform2D.rotation"), ErrorCode::NotFound));
    EXPECT_TRUE(fails_with(set_field(world, h, "Transform2D.rotation", 1.0f), ErrorCode::NotFound));
    EXPECT_TRUE(fails_with(get_field(world, h, "Transform2D.Position"), ErrorCode::NotFound));
    EXPECT_EQ(world.get<Transform2D>(h)->rotation_deg, 0.0f);
}

TEST_F(FieldPathTest, MissingComponentIsNotFoundAndSetNeverAddsIt) {
    EXPECT_TRUE(fails_with(get_field(world, h, "Sprite.image"), ErrorCode::NotFound));
    EXPECT_TRUE(
        fails_with(set_field(world, h, "Sprite.image", std::string("a.png")), ErrorCode::NotFound));
    EXPECT_TRUE(fails_with(set_field(world, h, "Sprite.size.x", 1.0f), ErrorCode::NotFound));
    EXPECT_TRUE(fails_with(set_field(world, h, "Properties.values.hp", std::int32_t{1}),
                           ErrorCode::NotFound));
    EXPECT_TRUE(fails_with(set_field(world, h, "FieldPathProbe.flag", true), ErrorCode::NotFound));
    EXPECT_FALSE(world.has<Sprite>(h));
    EXPECT_FALSE(world.has<Properties>(h));
    EXPECT_FALSE(world.has<FieldPathProbe>(h));
    EXPECT_TRUE(g_created.empty()) << "no hook ran: nothing was added";
}

TEST_F(FieldPathTest, StaleHandleIsRefused) {
    const Handle gone = world.create({.name = "gone"}).value();
    world.destroy(gone);
    world.flush();
    EXPECT_TRUE(fails_with(get_field(world, gone, "Transform2D.position"), ErrorCode::StaleHandle));
    EXPECT_TRUE(fails_with(set_field(world, gone, "Transform2D.position", glm::vec2(1.0f)),
                           ErrorCode::StaleHandle));
}

TEST_F(FieldPathTest, StaleHandleNeverReachesTheObjectReusingItsSlot) {
    const Handle gone = world.create({.name = "gone"}).value();
    world.destroy(gone);
    world.flush();
    const Handle fresh = world.create({.name = "fresh"}).value();
    ASSERT_EQ(fresh.index, gone.index) << "the test needs the slot reused";
    EXPECT_TRUE(fails_with(set_field(world, gone, "Transform2D.rotation_deg", 10.0f),
                           ErrorCode::StaleHandle));
    EXPECT_EQ(world.get<Transform2D>(fresh)->rotation_deg, 0.0f);
}

TEST_F(FieldPathTest, NullHandleIsRefused) {
    EXPECT_FALSE(get_field(world, kNullHandle, "Transform2D.position").ok());
    EXPECT_FALSE(set_field(world, kNullHandle, "Transform2D.position", glm::vec2(1.0f)).ok());
}

TEST_F(FieldPathTest, ObjectMarkedForDestructionIsStillWritable) {
    world.destroy(h);
    ASSERT_TRUE(set_field(world, h, "Transform2D.rotation_deg", 5.0f).ok());
    EXPECT_TRUE(reads(world, h, "Transform2D.rotation_deg", 5.0f));
}

TEST_F(FieldPathTest, WrongTypesAreRefusedAndLeaveTheFieldUnchanged) {
    world.add<Sprite>(h);
    world.add<Shape>(h);
    struct Case {
        const char* path;
        FieldValue value;
    };
    const std::vector<Case> cases{
        {"Transform2D.rotation_deg", std::string("ninety")},
        {"Transform2D.rotation_deg", true},
        {"Transform2D.rotation_deg", glm::vec2(1.0f)},
        {"Transform2D.position", 1.0f},
        {"Transform2D.position", glm::vec4(1.0f)},
        {"Transform2D.position.x", std::string("1")},
        {"Transform2D.position.x", glm::vec2(1.0f)},
        {"Shape.color", glm::vec2(1.0f)},
        {"Shape.color.r", true},
        {"Shape.filled", std::int32_t{1}},
        {"Shape.filled", std::string("true")},
        {"Sprite.order", 1.5f},
        {"Sprite.order", true},
        {"Sprite.image", 1.0f},
        {"Sprite.tint", PropertyMap{}},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(std::string(c.path) + " <- " + value_type_name(c.value));
        const FieldValue before = *get_field(world, h, c.path);
        EXPECT_TRUE(fails_with(set_field(world, h, c.path, c.value), ErrorCode::Type));
        EXPECT_TRUE(reads(world, h, c.path, before));
    }
}

TEST_F(FieldPathTest, NonFiniteNumbersAreRefused) {
    world.add<Shape>(h);
    struct Case {
        const char* path;
        FieldValue value;
    };
    const std::vector<Case> cases{
        {"Transform2D.rotation_deg", kNaN},
        {"Transform2D.rotation_deg", kInf},
        {"Transform2D.rotation_deg", -kInf},
        {"Transform2D.position", glm::vec2(kNaN, 0.0f)},
        {"Transform2D.position", glm::vec2(0.0f, -kInf)},
        {"Transform2D.position.x", kNaN},
        {"Transform2D.position.y", kInf},
        {"Shape.color", glm::vec4(1.0f, 1.0f, 1.0f, kNaN)},
        {"Shape.color.g", kInf},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.path);
        EXPECT_TRUE(fails_with(set_field(world, h, c.path, c.value), ErrorCode::Range));
    }
    EXPECT_EQ(world.get<Transform2D>(h)->rotation_deg, 0.0f);
    EXPECT_EQ(world.get<Transform2D>(h)->position, glm::vec2(0.0f));
    EXPECT_EQ(world.get<Shape>(h)->color, glm::vec4(1.0f));
}

TEST_F(FieldPathTest, NumbersBelowMinAreRefused) {
    world.add<Shape>(h)->radius = 3.0f;
    world.add<Sprite>(h)->size = {4.0f, 5.0f};
    world.add<Text>(h);
    EXPECT_TRUE(fails_with(set_field(world, h, "Shape.radius", -0.5f), ErrorCode::Range));
    EXPECT_TRUE(
        fails_with(set_field(world, h, "Shape.radius", std::int32_t{-3}), ErrorCode::Range));
    EXPECT_TRUE(
        fails_with(set_field(world, h, "Sprite.size", glm::vec2(-1.0f, 5.0f)), ErrorCode::Range));
    EXPECT_TRUE(
        fails_with(set_field(world, h, "Sprite.size", glm::vec2(1.0f, -5.0f)), ErrorCode::Range));
    EXPECT_TRUE(fails_with(set_field(world, h, "Sprite.size.y", -0.01f), ErrorCode::Range));
    EXPECT_TRUE(fails_with(set_field(world, h, "Text.size", 0.5f), ErrorCode::Range));
    EXPECT_EQ(world.get<Shape>(h)->radius, 3.0f);
    EXPECT_EQ(world.get<Sprite>(h)->size, glm::vec2(4.0f, 5.0f));
    EXPECT_EQ(world.get<Text>(h)->size, 16.0f);
}

TEST_F(FieldPathTest, NumbersAboveMaxAreRefused) {
    world.add<Camera2D>(h);
    world.add<FieldPathProbe>(h);
    EXPECT_TRUE(fails_with(set_field(world, h, "Camera2D.zoom", 100.5f), ErrorCode::Range));
    EXPECT_TRUE(
        fails_with(set_field(world, h, "Camera2D.zoom", std::int32_t{101}), ErrorCode::Range));
    EXPECT_TRUE(fails_with(set_field(world, h, "Camera2D.zoom", 0.001f), ErrorCode::Range));
    EXPECT_TRUE(fails_with(set_field(world, h, "FieldPathProbe.ratio", 1.5f), ErrorCode::Range));
    EXPECT_TRUE(fails_with(set_field(world, h, "FieldPathProbe.offset", glm::vec2(0.0f, 6.0f)),
                           ErrorCode::Range));
    EXPECT_TRUE(fails_with(set_field(world, h, "FieldPathProbe.offset.x", 5.5f), ErrorCode::Range));
    EXPECT_EQ(world.get<Camera2D>(h)->zoom, 1.0f);
    EXPECT_EQ(world.get<FieldPathProbe>(h)->ratio, 0.5f);
    EXPECT_EQ(world.get<FieldPathProbe>(h)->offset, glm::vec2(0.0f));
}

TEST_F(FieldPathTest, IntFieldRespectsItsRange) {
    world.add<FieldPathProbe>(h);
    EXPECT_TRUE(fails_with(set_field(world, h, "FieldPathProbe.count", std::int32_t{11}),
                           ErrorCode::Range));
    EXPECT_TRUE(fails_with(set_field(world, h, "FieldPathProbe.count", std::int32_t{-11}),
                           ErrorCode::Range));
    EXPECT_EQ(world.get<FieldPathProbe>(h)->count, 0);
    ASSERT_TRUE(set_field(world, h, "FieldPathProbe.count", std::int32_t{10}).ok());
    ASSERT_TRUE(set_field(world, h, "FieldPathProbe.count", std::int32_t{-10}).ok());
    EXPECT_EQ(world.get<FieldPathProbe>(h)->count, -10);
}

TEST_F(FieldPathTest, RangeBoundsThemselvesAreAccepted) {
    world.add<Camera2D>(h);
    world.add<Shape>(h);
    ASSERT_TRUE(set_field(world, h, "Camera2D.zoom", 0.01f).ok());
    EXPECT_EQ(world.get<Camera2D>(h)->zoom, 0.01f);
    ASSERT_TRUE(set_field(world, h, "Camera2D.zoom", 100.0f).ok());
    EXPECT_EQ(world.get<Camera2D>(h)->zoom, 100.0f);
    ASSERT_TRUE(set_field(world, h, "Shape.radius", 0.0f).ok());
    EXPECT_EQ(world.get<Shape>(h)->radius, 0.0f);
}

TEST_F(FieldPathTest, ErrorsNameThePath) {
    world.add<Shape>(h);
    const Result<void> r = set_field(world, h, "Shape.radius", -1.0f);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().where.find("Shape.radius"), std::string::npos) << r.error().where;
    EXPECT_FALSE(r.error().message.empty());
    const Result<FieldValue> g = get_field(world, h, "Shape.nothing");
    ASSERT_FALSE(g.ok());
    EXPECT_NE(g.error().where.find("Shape.nothing"), std::string::npos) << g.error().where;
}

// ---- write_field ----

TEST(FieldPathWriteField, WritesAComponentOutsideAWorldWithTheSameChecks) {
    const TypeInfo info = describe<Shape>();
    Shape shape;
    ASSERT_TRUE(write_field(*info.find_field("radius"), &shape, std::int32_t{4}, "here").ok());
    EXPECT_EQ(shape.radius, 4.0f);
    ASSERT_TRUE(write_field(*info.find_field("kind"), &shape, std::string("circle"), "here").ok());
    EXPECT_EQ(shape.kind, ShapeKind::Circle);

    const Result<void> below = write_field(*info.find_field("radius"), &shape, -1.0f, "here");
    EXPECT_TRUE(fails_with(below, ErrorCode::Range));
    EXPECT_EQ(below.error().where, "here");
    EXPECT_TRUE(fails_with(write_field(*info.find_field("radius"), &shape, kNaN, "here"),
                           ErrorCode::Range));
    EXPECT_TRUE(
        fails_with(write_field(*info.find_field("filled"), &shape, 1.0f, "here"), ErrorCode::Type));
    EXPECT_TRUE(fails_with(write_field(*info.find_field("kind"), &shape, std::int32_t{2}, "here"),
                           ErrorCode::Range));
    EXPECT_EQ(shape.radius, 4.0f);
    EXPECT_EQ(shape.kind, ShapeKind::Circle);
    EXPECT_TRUE(shape.filled);
}

TEST(FieldPathValueTypeName, NamesEveryAlternative) {
    EXPECT_STREQ(value_type_name(true), "bool");
    EXPECT_STREQ(value_type_name(std::int32_t{1}), "int");
    EXPECT_STREQ(value_type_name(1.0f), "float");
    EXPECT_STREQ(value_type_name(std::string()), "string");
    EXPECT_STREQ(value_type_name(glm::vec2(0.0f)), "vec2");
    EXPECT_STREQ(value_type_name(glm::vec4(0.0f)), "color");
    EXPECT_STREQ(value_type_name(Guid{}), "object");
    EXPECT_STREQ(value_type_name(PropertyMap{}), "properties");
}

// ---- the probe: every FieldType in one type ----

TEST(FieldPathProbeType, DeclaresEveryFieldType) {
    const TypeInfo info = describe<FieldPathProbe>();
    std::vector<FieldType> types;
    for (const FieldInfo& f : info.fields)
        types.push_back(f.type);
    EXPECT_EQ(types, (std::vector<FieldType>{FieldType::Bool, FieldType::Int32, FieldType::Float,
                                             FieldType::String, FieldType::Vec2, FieldType::Color,
                                             FieldType::Enum, FieldType::ObjectRef,
                                             FieldType::Asset, FieldType::Properties}));
    EXPECT_EQ(info.find_field("sound")->asset_kind, AssetKind::Sound);
    EXPECT_TRUE(info.find_field("label")->multiline);
    EXPECT_EQ(info.find_field("mood")->enum_names,
              (std::vector<std::string>{"calm", "happy", "angry"}));
    ASSERT_TRUE(info.find_field("count")->min && info.find_field("count")->max);
    EXPECT_EQ(*info.find_field("count")->min, -10.0f);
    EXPECT_EQ(*info.find_field("count")->max, 10.0f);
}

TEST_F(FieldPathTest, ProbeEveryFieldRoundTripsThroughPaths) {
    world.add<FieldPathProbe>(h);
    PropertyMap extras;
    extras["k"] = std::int32_t{1};
    const std::vector<std::pair<std::string, FieldValue>> cases{
        {"FieldPathProbe.flag", true},
        {"FieldPathProbe.count", std::int32_t{-7}},
        {"FieldPathProbe.ratio", 0.25f},
        {"FieldPathProbe.label", std::string("two\nlines")},
        {"FieldPathProbe.offset", glm::vec2(-2.0f, 3.0f)},
        {"FieldPathProbe.tint", glm::vec4(0.2f, 0.4f, 0.6f, 0.8f)},
        {"FieldPathProbe.mood", std::int32_t{2}},
        {"FieldPathProbe.target", Guid{0x1234}},
        {"FieldPathProbe.sound", std::string("sounds/bip.wav")},
        {"FieldPathProbe.extras", extras},
    };
    for (const auto& [path, value] : cases) {
        SCOPED_TRACE(path);
        ASSERT_TRUE(set_field(world, h, path, value).ok());
        EXPECT_TRUE(reads(world, h, path, value));
    }
    const FieldPathProbe& p = *world.get<FieldPathProbe>(h);
    EXPECT_TRUE(p.flag);
    EXPECT_EQ(p.count, -7);
    EXPECT_EQ(p.ratio, 0.25f);
    EXPECT_EQ(p.label, "two\nlines");
    EXPECT_EQ(p.offset, glm::vec2(-2.0f, 3.0f));
    EXPECT_EQ(p.tint, glm::vec4(0.2f, 0.4f, 0.6f, 0.8f));
    EXPECT_EQ(p.mood, ProbeMood::Angry);
    EXPECT_EQ(p.target, Guid{0x1234});
    EXPECT_EQ(p.sound, "sounds/bip.wav");
    EXPECT_EQ(p.extras, extras);
}

TEST_F(FieldPathTest, ProbeEnumWritesByName) {
    world.add<FieldPathProbe>(h);
    ASSERT_TRUE(set_field(world, h, "FieldPathProbe.mood", std::string("happy")).ok());
    EXPECT_EQ(world.get<FieldPathProbe>(h)->mood, ProbeMood::Happy);
    EXPECT_TRUE(
        fails_with(set_field(world, h, "FieldPathProbe.mood", std::int32_t{3}), ErrorCode::Range));
    EXPECT_EQ(world.get<FieldPathProbe>(h)->mood, ProbeMood::Happy);
}

// ---- the probe's hooks ----

TEST_F(FieldPathTest, OnCreateRunsOnceOnAddWithTheAttachedComponent) {
    FieldPathProbe* p = world.add<FieldPathProbe>(h);
    ASSERT_NE(p, nullptr);
    ASSERT_EQ(g_created.size(), 1u);
    EXPECT_EQ(g_created[0].handle, h);
    EXPECT_EQ(g_created[0].component, p);
    EXPECT_TRUE(g_created[0].attached);
    EXPECT_EQ(g_created[0].count, 0) << "the hook sees a default component";

    EXPECT_EQ(world.add<FieldPathProbe>(h), p) << "adding again returns the existing one";
    EXPECT_EQ(g_created.size(), 1u) << "and runs no hook";
    EXPECT_TRUE(g_destroyed.empty());
}

TEST_F(FieldPathTest, OnCreateRunsOnAddByRuntimeId) {
    void* p = world.add(h, component_id<FieldPathProbe>());
    ASSERT_NE(p, nullptr);
    ASSERT_EQ(g_created.size(), 1u);
    EXPECT_EQ(g_created[0].handle, h);
    EXPECT_EQ(g_created[0].component, p);
}

TEST_F(FieldPathTest, OnDestroyRunsOnRemoveBeforeTheComponentGoes) {
    FieldPathProbe* p = world.add<FieldPathProbe>(h);
    p->count = 7;
    ASSERT_TRUE(world.remove<FieldPathProbe>(h));
    ASSERT_EQ(g_destroyed.size(), 1u);
    EXPECT_EQ(g_destroyed[0].handle, h);
    EXPECT_EQ(g_destroyed[0].component, p);
    EXPECT_EQ(g_destroyed[0].count, 7);
    EXPECT_TRUE(g_destroyed[0].attached) << "still attached while the hook runs";
    EXPECT_FALSE(world.has<FieldPathProbe>(h));

    EXPECT_FALSE(world.remove<FieldPathProbe>(h));
    EXPECT_EQ(g_destroyed.size(), 1u) << "removing nothing runs no hook";
}

TEST_F(FieldPathTest, OnDestroyRunsAtFlushNotAtDestroy) {
    const Handle other = world.create({.name = "other"}).value();
    world.add<FieldPathProbe>(h)->count = 1;
    world.add<FieldPathProbe>(other)->count = 2;
    const FieldPathProbe* hp = world.get<FieldPathProbe>(h);
    const FieldPathProbe* op = world.get<FieldPathProbe>(other);

    world.destroy(h);
    world.destroy(other);
    EXPECT_TRUE(g_destroyed.empty()) << "destroy only marks";
    world.flush();
    ASSERT_EQ(g_destroyed.size(), 2u);
    for (const HookCall& call : g_destroyed) {
        EXPECT_TRUE(call.attached);
        if (call.handle == h) {
            EXPECT_EQ(call.component, hp);
            EXPECT_EQ(call.count, 1);
        } else {
            EXPECT_EQ(call.handle, other);
            EXPECT_EQ(call.component, op);
            EXPECT_EQ(call.count, 2);
        }
    }
    EXPECT_NE(g_destroyed[0].handle, g_destroyed[1].handle);
}

TEST_F(FieldPathTest, OnDestroyRunsForDescendantsAndOnClear) {
    ObjectDef child_def;
    child_def.name = "child";
    child_def.parent = h;
    const Handle child = world.create(child_def).value();
    world.add<FieldPathProbe>(child)->count = 3;
    world.destroy(h);
    world.flush();
    ASSERT_EQ(g_destroyed.size(), 1u);
    EXPECT_EQ(g_destroyed[0].handle, child);
    EXPECT_EQ(g_destroyed[0].count, 3);

    const Handle last = world.create({.name = "last"}).value();
    world.add<FieldPathProbe>(last)->count = 4;
    world.clear();
    ASSERT_EQ(g_destroyed.size(), 2u);
    EXPECT_EQ(g_destroyed[1].handle, last);
    EXPECT_EQ(g_destroyed[1].count, 4);
}

TEST_F(FieldPathTest, HooksDoNotRunForObjectsWithoutTheComponent) {
    const Handle plain = world.create({.name = "plain"}).value();
    world.add<Sprite>(plain);
    world.remove<Sprite>(plain);
    world.destroy(plain);
    world.flush();
    EXPECT_TRUE(g_created.empty());
    EXPECT_TRUE(g_destroyed.empty());
}

TEST_F(FieldPathTest, AWorldWithHooksOffRunsNoneAndTurnedOnAgainRunsThem) {
    world.set_hooks_enabled(false);
    EXPECT_FALSE(world.hooks_enabled());
    const Handle quiet = world.create({.name = "quiet"}).value();
    world.add<FieldPathProbe>(quiet)->count = 1;
    world.remove<FieldPathProbe>(quiet);
    world.add<FieldPathProbe>(quiet);
    world.destroy(quiet);
    world.flush();
    EXPECT_TRUE(g_created.empty()) << "a copy of another world's state runs no game code";
    EXPECT_TRUE(g_destroyed.empty());

    world.set_hooks_enabled(true);
    const Handle loud = world.create({.name = "loud"}).value();
    world.add<FieldPathProbe>(loud);
    world.destroy(loud);
    world.flush();
    EXPECT_EQ(g_created.size(), 1u);
    EXPECT_EQ(g_destroyed.size(), 1u);
}

// ---- set_field_json ----

TEST_F(FieldPathTest, JsonValuesAreWrittenInTheSceneFilesForms) {
    world.add<FieldPathProbe>(h);
    ASSERT_TRUE(set_field_json(world, h, "FieldPathProbe.offset", Json::array({1.5, -2}), "api"));
    EXPECT_TRUE(reads(world, h, "FieldPathProbe.offset", glm::vec2(1.5f, -2.0f)));
    ASSERT_TRUE(set_field_json(world, h, "FieldPathProbe.mood", "angry", "api"));
    EXPECT_TRUE(reads(world, h, "FieldPathProbe.mood", std::int32_t{2}));
    ASSERT_TRUE(set_field_json(world, h, "FieldPathProbe.offset.y", 2, "api"));
    EXPECT_TRUE(reads(world, h, "FieldPathProbe.offset", glm::vec2(1.5f, 2.0f)));
    ASSERT_TRUE(set_field_json(world, h, "FieldPathProbe.extras.hp", 12, "api"));
    EXPECT_TRUE(reads(world, h, "FieldPathProbe.extras.hp", std::int32_t{12}));
    ASSERT_TRUE(set_field_json(world, h, "Transform2D.position", Json::array({3, 4}), "api"));
    EXPECT_EQ(world.get<Transform2D>(h)->position, glm::vec2(3.0f, 4.0f));
}

TEST_F(FieldPathTest, JsonValuesAreRefusedAsTheLoaderRefusesThemNamingWhereAndPath) {
    world.add<FieldPathProbe>(h);
    const auto refused = [&](const char* path, const Json& value, ErrorCode code) {
        const Result<void> r = set_field_json(world, h, path, value, "objects/1");
        EXPECT_TRUE(fails_with(r, code)) << path;
        if (r) return;
        EXPECT_EQ(r.error().where.rfind("objects/1: ", 0), 0u) << r.error().describe();
        EXPECT_NE(r.error().where.find(path), std::string::npos) << r.error().describe();
    };
    refused("FieldPathProbe.offset", "far", ErrorCode::Type);
    refused("FieldPathProbe.offset", Json::array({1}), ErrorCode::Type);
    refused("FieldPathProbe.count", 11, ErrorCode::Range);
    refused("FieldPathProbe.mood", "sleepy", ErrorCode::Range);
    refused("FieldPathProbe.nothing", 1, ErrorCode::NotFound);
    refused("Nothing.field", 1, ErrorCode::UnknownType);
    refused("Sprite.tint", Json::array({1, 1, 1, 1}), ErrorCode::NotFound); // no Sprite
    refused("FieldPathProbe.offset.y", "up", ErrorCode::Type);
    refused("FieldPathProbe.offset.y", 7, ErrorCode::Range);
    EXPECT_TRUE(reads(world, h, "FieldPathProbe.offset", glm::vec2(0.0f)));
    EXPECT_TRUE(reads(world, h, "FieldPathProbe.count", std::int32_t{0}));
}

} // namespace
} // namespace diorama
