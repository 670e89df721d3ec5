// Tests of the TypeRegistry, component ids and the built-in components' reflection.

#include "diorama/components.h"
#include "diorama/reflection.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace diorama {
namespace {

// ---- test types (names unique to this file: component ids are keyed on the type's name) ----

struct RegistryTestPlain {
    float a = 1.0f;
    std::int32_t b = 2;
};

struct RegistryTestTwin {
    float a = 0.0f;
};

struct RegistryTestFirstSystem {
    float unused = 0.0f;
};

struct RegistryTestSecondSystem {
    float unused = 0.0f;
};

struct RegistryTestNoSystem {
    float unused = 0.0f;
};

// Records which systems ran, in order.
std::vector<std::string> g_system_log;

} // namespace

template <>
TypeInfo describe<RegistryTestPlain>() {
    return TypeBuilder<RegistryTestPlain>("RegistryTestPlain")
        .field<&RegistryTestPlain::a>("a")
        .field<&RegistryTestPlain::b>("b")
        .build();
}

template <>
TypeInfo describe<RegistryTestFirstSystem>() {
    return TypeBuilder<RegistryTestFirstSystem>("RegistryTestFirstSystem")
        .system([](World&, float) { g_system_log.push_back("first"); })
        .build();
}

template <>
TypeInfo describe<RegistryTestSecondSystem>() {
    return TypeBuilder<RegistryTestSecondSystem>("RegistryTestSecondSystem")
        .system([](World&, float) { g_system_log.push_back("second"); })
        .build();
}

template <>
TypeInfo describe<RegistryTestNoSystem>() {
    return TypeBuilder<RegistryTestNoSystem>("RegistryTestNoSystem").build();
}

namespace {

// ---- helpers ----

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

::testing::AssertionResult same_value(const FieldValue& a, const FieldValue& b) {
    if (a == b) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << show(a) << " != " << show(b);
}

std::vector<std::string> names_of(const std::vector<const TypeInfo*>& types) {
    std::vector<std::string> out;
    for (const TypeInfo* t : types)
        out.push_back(t->name);
    return out;
}

std::vector<std::string> names_of(const std::vector<System>& systems) {
    std::vector<std::string> out;
    for (const System& s : systems)
        out.push_back(s.name);
    return out;
}

bool is_snake_case(const std::string& s) {
    if (s.empty() || !std::islower(static_cast<unsigned char>(s[0]))) return false;
    for (char c : s)
        if (!std::islower(static_cast<unsigned char>(c)) &&
            !std::isdigit(static_cast<unsigned char>(c)) && c != '_')
            return false;
    return true;
}

bool is_pascal_case(const std::string& s) {
    if (s.empty() || !std::isupper(static_cast<unsigned char>(s[0]))) return false;
    for (char c : s)
        if (!std::isalnum(static_cast<unsigned char>(c))) return false;
    return true;
}

class TypeRegistryBuiltins : public ::testing::Test {
protected:
    TypeRegistryBuiltins() { register_builtin_components(registry); }
    TypeRegistry registry;
};

// ---- registration ----

TEST(TypeRegistry, StartsEmpty) {
    const TypeRegistry registry;
    EXPECT_TRUE(registry.types().empty());
    EXPECT_TRUE(registry.systems().empty());
    EXPECT_EQ(registry.find("Transform2D"), nullptr);
    EXPECT_EQ(registry.find<Transform2D>(), nullptr);
}

TEST_F(TypeRegistryBuiltins, RegistersTheBuiltInsInDeclarationOrder) {
    const std::vector<std::string> expected{"Transform2D", "Sprite",     "Shape",    "Collider",
                                            "Velocity",    "Properties", "Camera2D", "Text",
                                            "Lifetime",    "TileMap"};
    EXPECT_EQ(names_of(registry.types()), expected);
}

TEST_F(TypeRegistryBuiltins, BuiltInIdsAreTheirComponentIds) {
    EXPECT_EQ(registry.find("Transform2D")->id, component_id<Transform2D>());
    EXPECT_EQ(registry.find("Sprite")->id, component_id<Sprite>());
    EXPECT_EQ(registry.find("Shape")->id, component_id<Shape>());
    EXPECT_EQ(registry.find("Collider")->id, component_id<Collider>());
    EXPECT_EQ(registry.find("Velocity")->id, component_id<Velocity>());
    EXPECT_EQ(registry.find("Properties")->id, component_id<Properties>());
    EXPECT_EQ(registry.find("Camera2D")->id, component_id<Camera2D>());
    EXPECT_EQ(registry.find("Text")->id, component_id<Text>());
    EXPECT_EQ(registry.find("Lifetime")->id, component_id<Lifetime>());
}

TEST_F(TypeRegistryBuiltins, BuiltInSizesAreTheirCppSizes) {
    EXPECT_EQ(registry.find<Transform2D>()->size, sizeof(Transform2D));
    EXPECT_EQ(registry.find<Sprite>()->size, sizeof(Sprite));
    EXPECT_EQ(registry.find<Shape>()->size, sizeof(Shape));
    EXPECT_EQ(registry.find<Collider>()->size, sizeof(Collider));
    EXPECT_EQ(registry.find<Velocity>()->size, sizeof(Velocity));
    EXPECT_EQ(registry.find<Properties>()->size, sizeof(Properties));
    EXPECT_EQ(registry.find<Camera2D>()->size, sizeof(Camera2D));
    EXPECT_EQ(registry.find<Text>()->size, sizeof(Text));
    EXPECT_EQ(registry.find<Lifetime>()->size, sizeof(Lifetime));
}

TEST_F(TypeRegistryBuiltins, FindByNameAndByIdReturnTheSameDeclaration) {
    for (const TypeInfo* t : registry.types()) {
        SCOPED_TRACE(t->name);
        EXPECT_EQ(registry.find(t->name), t);
        EXPECT_EQ(registry.find(t->id), t);
    }
    EXPECT_EQ(registry.find<Sprite>(), registry.find("Sprite"));
}

TEST_F(TypeRegistryBuiltins, FindIsExactAndCaseSensitive) {
    EXPECT_EQ(registry.find("sprite"), nullptr);
    EXPECT_EQ(registry.find("SPRITE"), nullptr);
    EXPECT_EQ(registry.find("Sprit"), nullptr);
    EXPECT_EQ(registry.find("Sprite2"), nullptr);
    EXPECT_EQ(registry.find(""), nullptr);
}

TEST_F(TypeRegistryBuiltins, FindReturnsNullForUnregisteredTypes) {
    EXPECT_EQ(registry.find("RegistryTestPlain"), nullptr);
    EXPECT_EQ(registry.find<RegistryTestPlain>(), nullptr);
    EXPECT_EQ(registry.find(ComponentId{0xfffffff0u}), nullptr);
}

TEST(TypeRegistry, FindsACustomTypeByNameAndById) {
    TypeRegistry registry;
    ASSERT_TRUE(registry.add<RegistryTestPlain>().ok());
    const TypeInfo* by_name = registry.find("RegistryTestPlain");
    ASSERT_NE(by_name, nullptr);
    EXPECT_EQ(by_name->id, component_id<RegistryTestPlain>());
    EXPECT_EQ(registry.find(component_id<RegistryTestPlain>()), by_name);
    EXPECT_EQ(registry.find<RegistryTestPlain>(), by_name);
    ASSERT_EQ(by_name->fields.size(), 2u);
    EXPECT_EQ(by_name->fields[0].name, "a");
    EXPECT_EQ(by_name->fields[1].name, "b");
}

TEST(TypeRegistry, RegistriesAreIndependent) {
    TypeRegistry with;
    const TypeRegistry without;
    ASSERT_TRUE(with.add<RegistryTestPlain>().ok());
    EXPECT_NE(with.find<RegistryTestPlain>(), nullptr);
    EXPECT_EQ(without.find<RegistryTestPlain>(), nullptr);
    EXPECT_EQ(without.find("RegistryTestPlain"), nullptr);
}

TEST(TypeRegistry, RefusesADuplicateName) {
    TypeRegistry registry;
    ASSERT_TRUE(registry.add<RegistryTestPlain>().ok());
    TypeInfo twin =
        TypeBuilder<RegistryTestTwin>("RegistryTestPlain").field<&RegistryTestTwin::a>("a").build();
    const Result<void> r = registry.add(std::move(twin));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, ErrorCode::Duplicate);
    EXPECT_EQ(registry.types().size(), 1u);
    EXPECT_EQ(registry.find<RegistryTestTwin>(), nullptr);
    EXPECT_EQ(registry.find("RegistryTestPlain")->id, component_id<RegistryTestPlain>());
}

TEST(TypeRegistry, RefusesTheSameCppTypeUnderAnotherName) {
    TypeRegistry registry;
    ASSERT_TRUE(registry.add<RegistryTestPlain>().ok());
    TypeInfo again = describe<RegistryTestPlain>();
    again.name = "RegistryTestPlainAgain";
    const Result<void> r = registry.add(std::move(again));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, ErrorCode::Duplicate);
    EXPECT_EQ(registry.types().size(), 1u);
    EXPECT_EQ(registry.find("RegistryTestPlainAgain"), nullptr);
    EXPECT_EQ(registry.find<RegistryTestPlain>()->name, "RegistryTestPlain");
}

TEST(TypeRegistry, RefusesRegisteringTheBuiltInsTwiceOneByOne) {
    TypeRegistry registry;
    register_builtin_components(registry);
    const std::size_t before = registry.types().size();
    const Result<void> r = registry.add<Sprite>();
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, ErrorCode::Duplicate);
    EXPECT_EQ(registry.types().size(), before);
}

TEST(TypeRegistry, RefusesNamesThatAreNotIdentifiers) {
    for (const char* bad : {"", "9Lives", "Has Space", "Dotted.Name", "dash-name", "Tab\tName",
                            "Semi;colon", "Ünïcode"}) {
        SCOPED_TRACE(bad);
        TypeRegistry registry;
        TypeInfo info = describe<RegistryTestPlain>();
        info.name = bad;
        const Result<void> r = registry.add(std::move(info));
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code, ErrorCode::InvalidArgument);
        EXPECT_TRUE(registry.types().empty());
        EXPECT_EQ(registry.find<RegistryTestPlain>(), nullptr);
    }
}

TEST(TypeRegistry, AcceptsIdentifierNamesWithDigitsAndUnderscores) {
    TypeRegistry registry;
    TypeInfo info = describe<RegistryTestPlain>();
    info.name = "_Thing_2D";
    ASSERT_TRUE(registry.add(std::move(info)).ok());
    EXPECT_NE(registry.find("_Thing_2D"), nullptr);
}

TEST(TypeRegistry, RefusesADuplicateFieldName) {
    TypeRegistry registry;
    TypeInfo info = TypeBuilder<RegistryTestPlain>("RegistryTestPlain")
                        .field<&RegistryTestPlain::a>("value")
                        .field<&RegistryTestPlain::b>("value")
                        .build();
    const Result<void> r = registry.add(std::move(info));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, ErrorCode::Duplicate);
    EXPECT_TRUE(registry.types().empty());
    EXPECT_EQ(registry.find<RegistryTestPlain>(), nullptr);
}

TEST(TypeRegistry, RefusesAFieldNameThatIsNotAnIdentifier) {
    for (const char* bad : {"", "1st", "two words", "a.b", "a-b"}) {
        SCOPED_TRACE(bad);
        TypeRegistry registry;
        TypeInfo info = TypeBuilder<RegistryTestPlain>("RegistryTestPlain")
                            .field<&RegistryTestPlain::a>(bad)
                            .build();
        const Result<void> r = registry.add(std::move(info));
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code, ErrorCode::InvalidArgument);
        EXPECT_TRUE(registry.types().empty());
    }
}

TEST(TypeRegistry, ARefusedTypeCanBeRegisteredOnceCorrected) {
    TypeRegistry registry;
    TypeInfo bad = describe<RegistryTestPlain>();
    bad.name = "not valid";
    ASSERT_FALSE(registry.add(std::move(bad)).ok());
    ASSERT_TRUE(registry.add<RegistryTestPlain>().ok());
    EXPECT_EQ(registry.types().size(), 1u);
    EXPECT_NE(registry.find<RegistryTestPlain>(), nullptr);
}

// ---- systems ----

TEST_F(TypeRegistryBuiltins, BuiltInSystemsAreVelocityThenLifetime) {
    EXPECT_EQ(names_of(registry.systems()), (std::vector<std::string>{"Velocity", "Lifetime"}));
    for (const System& s : registry.systems())
        EXPECT_TRUE(static_cast<bool>(s.run)) << s.name;
}

TEST(TypeRegistry, UpdateHooksJoinTheSystemsInRegistrationOrder) {
    TypeRegistry registry;
    ASSERT_TRUE(registry.add<RegistryTestSecondSystem>().ok());
    ASSERT_TRUE(registry.add<RegistryTestNoSystem>().ok());
    ASSERT_TRUE(registry.add<RegistryTestFirstSystem>().ok());
    EXPECT_EQ(names_of(registry.systems()),
              (std::vector<std::string>{"RegistryTestSecondSystem", "RegistryTestFirstSystem"}));

    // Each system is its type's own update hook.
    World world(registry);
    g_system_log.clear();
    for (const System& s : registry.systems())
        s.run(world, 1.0f / 60.0f);
    EXPECT_EQ(g_system_log, (std::vector<std::string>{"second", "first"}));
}

TEST(TypeRegistry, ATypeWithoutAnUpdateHookAddsNoSystem) {
    TypeRegistry registry;
    ASSERT_TRUE(registry.add<RegistryTestNoSystem>().ok());
    EXPECT_EQ(registry.types().size(), 1u);
    EXPECT_TRUE(registry.systems().empty());
}

TEST(TypeRegistry, ARefusedTypeAddsNoSystem) {
    TypeRegistry registry;
    ASSERT_TRUE(registry.add<RegistryTestFirstSystem>().ok());
    TypeInfo again = describe<RegistryTestFirstSystem>();
    again.name = "Elsewhere";
    ASSERT_FALSE(registry.add(std::move(again)).ok());
    EXPECT_EQ(registry.systems().size(), 1u);
}

TEST(TypeRegistry, AddSystemAppendsAfterTypeSystems) {
    TypeRegistry registry;
    ASSERT_TRUE(registry.add<RegistryTestFirstSystem>().ok());
    registry.add_system("collisions", [](World&, float) { g_system_log.push_back("collisions"); });
    ASSERT_TRUE(registry.add<RegistryTestSecondSystem>().ok());
    registry.add_system("cleanup", [](World&, float dt) {
        g_system_log.push_back(dt == 0.5f ? "cleanup 0.5" : "cleanup ?");
    });
    EXPECT_EQ(names_of(registry.systems()),
              (std::vector<std::string>{"RegistryTestFirstSystem", "collisions",
                                        "RegistryTestSecondSystem", "cleanup"}));

    World world(registry);
    g_system_log.clear();
    for (const System& s : registry.systems())
        s.run(world, 0.5f);
    EXPECT_EQ(g_system_log,
              (std::vector<std::string>{"first", "collisions", "second", "cleanup 0.5"}));
}

TEST_F(TypeRegistryBuiltins, AddSystemAppendsAfterTheBuiltIns) {
    registry.add_system("game", [](World&, float) {});
    EXPECT_EQ(names_of(registry.systems()),
              (std::vector<std::string>{"Velocity", "Lifetime", "game"}));
}

// ---- component ids ----

TEST(TypeRegistryComponentIds, IsStableAcrossCalls) {
    const ComponentId first = component_id<Sprite>();
    EXPECT_EQ(component_id<Sprite>(), first);
    EXPECT_EQ(component_id<Sprite>(), first);
    EXPECT_EQ(describe<Sprite>().id, first);
    EXPECT_EQ(component_id<RegistryTestPlain>(), component_id<RegistryTestPlain>());
}

TEST(TypeRegistryComponentIds, IsDistinctPerType) {
    const std::vector<ComponentId> ids{component_id<Transform2D>(),
                                       component_id<Sprite>(),
                                       component_id<Shape>(),
                                       component_id<Collider>(),
                                       component_id<Velocity>(),
                                       component_id<Properties>(),
                                       component_id<Camera2D>(),
                                       component_id<Text>(),
                                       component_id<Lifetime>(),
                                       component_id<RegistryTestPlain>(),
                                       component_id<RegistryTestTwin>(),
                                       component_id<RegistryTestFirstSystem>(),
                                       component_id<RegistryTestSecondSystem>(),
                                       component_id<RegistryTestNoSystem>()};
    const std::set<ComponentId> unique(ids.begin(), ids.end());
    EXPECT_EQ(unique.size(), ids.size());
}

TEST(TypeRegistryComponentIds, DoesNotDependOnTheRegistry) {
    const ComponentId before = component_id<RegistryTestTwin>();
    TypeRegistry a;
    TypeRegistry b;
    register_builtin_components(b);
    ASSERT_TRUE(
        a.add(TypeBuilder<RegistryTestTwin>("Twin").field<&RegistryTestTwin::a>("a").build()).ok());
    ASSERT_TRUE(
        b.add(TypeBuilder<RegistryTestTwin>("Twin").field<&RegistryTestTwin::a>("a").build()).ok());
    EXPECT_EQ(a.find("Twin")->id, before);
    EXPECT_EQ(b.find("Twin")->id, before);
}

// ---- built-in declarations ----

struct ExpectedField {
    const char* type;
    const char* field;
    FieldType kind;
};

TEST_F(TypeRegistryBuiltins, EveryBuiltInDeclaresExactlyTheExpectedFields) {
    const std::vector<ExpectedField> expected{
        {"Transform2D", "position", FieldType::Vec2},
        {"Transform2D", "rotation_deg", FieldType::Float},
        {"Transform2D", "scale", FieldType::Vec2},
        {"Sprite", "image", FieldType::Asset},
        {"Sprite", "tint", FieldType::Color},
        {"Sprite", "size", FieldType::Vec2},
        {"Sprite", "order", FieldType::Int32},
        {"Shape", "kind", FieldType::Enum},
        {"Shape", "size", FieldType::Vec2},
        {"Shape", "radius", FieldType::Float},
        {"Shape", "color", FieldType::Color},
        {"Shape", "filled", FieldType::Bool},
        {"Shape", "order", FieldType::Int32},
        {"Collider", "kind", FieldType::Enum},
        {"Collider", "half_extents", FieldType::Vec2},
        {"Collider", "radius", FieldType::Float},
        {"Collider", "offset", FieldType::Vec2},
        {"Collider", "trigger", FieldType::Bool},
        {"Velocity", "linear", FieldType::Vec2},
        {"Velocity", "angular_deg", FieldType::Float},
        {"Properties", "values", FieldType::Properties},
        {"Camera2D", "zoom", FieldType::Float},
        {"Camera2D", "primary", FieldType::Bool},
        {"Camera2D", "background", FieldType::Color},
        {"Text", "text", FieldType::String},
        {"Text", "font", FieldType::Asset},
        {"Text", "size", FieldType::Float},
        {"Text", "color", FieldType::Color},
        {"Text", "align", FieldType::Enum},
        {"Lifetime", "remaining_s", FieldType::Float},
        {"TileMap", "tileset", FieldType::Asset},
        {"TileMap", "cell_size", FieldType::Vec2},
        {"TileMap", "tint", FieldType::Color},
        {"TileMap", "order", FieldType::Int32},
        {"TileMap", "tiles", FieldType::Tiles},
    };
    std::vector<std::string> want;
    for (const ExpectedField& e : expected)
        want.push_back(std::string(e.type) + "." + e.field + ":" + to_string(e.kind));
    std::vector<std::string> got;
    for (const TypeInfo* t : registry.types())
        for (const FieldInfo& f : t->fields)
            got.push_back(t->name + "." + f.name + ":" + to_string(f.type));
    EXPECT_EQ(got, want);
}

TEST_F(TypeRegistryBuiltins, SpriteImageIsAnImageAsset) {
    const FieldInfo* f = registry.find<Sprite>()->find_field("image");
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->type, FieldType::Asset);
    EXPECT_EQ(f->asset_kind, AssetKind::Image);
}

TEST_F(TypeRegistryBuiltins, TextFontIsAFontAssetAndTextIsMultiline) {
    const TypeInfo* text = registry.find<Text>();
    ASSERT_NE(text->find_field("font"), nullptr);
    EXPECT_EQ(text->find_field("font")->type, FieldType::Asset);
    EXPECT_EQ(text->find_field("font")->asset_kind, AssetKind::Font);
    ASSERT_NE(text->find_field("text"), nullptr);
    EXPECT_EQ(text->find_field("text")->type, FieldType::String);
    EXPECT_TRUE(text->find_field("text")->multiline);
    EXPECT_EQ(text->find_field("text")->asset_kind, AssetKind::None);
}

TEST_F(TypeRegistryBuiltins, EnumFieldsNameTheirValues) {
    const FieldInfo* shape_kind = registry.find<Shape>()->find_field("kind");
    ASSERT_NE(shape_kind, nullptr);
    EXPECT_EQ(shape_kind->type, FieldType::Enum);
    EXPECT_EQ(shape_kind->enum_names, (std::vector<std::string>{"rect", "circle"}));
    EXPECT_EQ(static_cast<int>(ShapeKind::Circle), 1);

    const FieldInfo* collider_kind = registry.find<Collider>()->find_field("kind");
    ASSERT_NE(collider_kind, nullptr);
    EXPECT_EQ(collider_kind->enum_names, (std::vector<std::string>{"aabb", "circle"}));
    EXPECT_EQ(static_cast<int>(ColliderKind::Circle), 1);

    const FieldInfo* align = registry.find<Text>()->find_field("align");
    ASSERT_NE(align, nullptr);
    EXPECT_EQ(align->enum_names, (std::vector<std::string>{"left", "center", "right"}));
    EXPECT_EQ(static_cast<int>(TextAlign::Right), 2);
}

TEST_F(TypeRegistryBuiltins, OnlyEnumFieldsHaveEnumNamesAndOnlyAssetsHaveAnAssetKind) {
    for (const TypeInfo* t : registry.types()) {
        for (const FieldInfo& f : t->fields) {
            SCOPED_TRACE(t->name + "." + f.name);
            EXPECT_EQ(f.type == FieldType::Enum, !f.enum_names.empty());
            EXPECT_EQ(f.type == FieldType::Asset, f.asset_kind != AssetKind::None);
        }
    }
}

TEST_F(TypeRegistryBuiltins, PropertiesValuesIsAPropertiesField) {
    const TypeInfo* props = registry.find("Properties");
    ASSERT_NE(props, nullptr);
    ASSERT_EQ(props->fields.size(), 1u);
    EXPECT_EQ(props->fields[0].name, "values");
    EXPECT_EQ(props->fields[0].type, FieldType::Properties);
}

TEST_F(TypeRegistryBuiltins, SizesAndRadiiCannotBeNegative) {
    for (auto [type, field] :
         {std::pair{"Sprite", "size"}, std::pair{"Shape", "size"}, std::pair{"Shape", "radius"},
          std::pair{"Collider", "half_extents"}, std::pair{"Collider", "radius"},
          std::pair{"Lifetime", "remaining_s"}}) {
        SCOPED_TRACE(std::string(type) + "." + field);
        const FieldInfo* f = registry.find(type)->find_field(field);
        ASSERT_NE(f, nullptr);
        ASSERT_TRUE(f->min.has_value());
        EXPECT_EQ(*f->min, 0.0f);
        EXPECT_FALSE(f->max.has_value());
    }
}

TEST_F(TypeRegistryBuiltins, CameraZoomAndTextSizeHaveTheirRanges) {
    const FieldInfo* zoom = registry.find<Camera2D>()->find_field("zoom");
    ASSERT_NE(zoom, nullptr);
    ASSERT_TRUE(zoom->min && zoom->max);
    EXPECT_FLOAT_EQ(*zoom->min, 0.01f);
    EXPECT_FLOAT_EQ(*zoom->max, 100.0f);
    const FieldInfo* size = registry.find<Text>()->find_field("size");
    ASSERT_NE(size, nullptr);
    ASSERT_TRUE(size->min.has_value());
    EXPECT_FLOAT_EQ(*size->min, 1.0f);
}

TEST_F(TypeRegistryBuiltins, ColliderTriggerHasATooltip) {
    const FieldInfo* trigger = registry.find<Collider>()->find_field("trigger");
    ASSERT_NE(trigger, nullptr);
    EXPECT_FALSE(trigger->tooltip.empty());
}

TEST_F(TypeRegistryBuiltins, NamesFollowTheFileFormatConventions) {
    for (const TypeInfo* t : registry.types()) {
        EXPECT_TRUE(is_pascal_case(t->name)) << t->name;
        for (const FieldInfo& f : t->fields)
            EXPECT_TRUE(is_snake_case(f.name)) << t->name << "." << f.name;
    }
}

TEST_F(TypeRegistryBuiltins, EveryFieldHasAccessorsOfItsValueType) {
    for (const TypeInfo* t : registry.types()) {
        ASSERT_NE(t->defaults, nullptr) << t->name;
        for (const FieldInfo& f : t->fields) {
            SCOPED_TRACE(t->name + "." + f.name);
            ASSERT_NE(f.get, nullptr);
            ASSERT_NE(f.set, nullptr);
            EXPECT_EQ(f.get(t->defaults.get()).index(), value_index(f.type));
        }
    }
}

TEST_F(TypeRegistryBuiltins, DefaultsSatisfyTheirOwnHints) {
    for (const TypeInfo* t : registry.types()) {
        for (const FieldInfo& f : t->fields) {
            SCOPED_TRACE(t->name + "." + f.name);
            const FieldValue v = f.get(t->defaults.get());
            std::vector<float> numbers;
            if (const float* x = std::get_if<float>(&v)) numbers.push_back(*x);
            if (const glm::vec2* x = std::get_if<glm::vec2>(&v)) numbers = {x->x, x->y};
            if (f.type == FieldType::Int32)
                numbers.push_back(static_cast<float>(std::get<std::int32_t>(v)));
            for (float n : numbers) {
                if (f.min) {
                    EXPECT_GE(n, *f.min);
                }
                if (f.max) {
                    EXPECT_LE(n, *f.max);
                }
            }
            if (f.type == FieldType::Enum) {
                const std::int32_t e = std::get<std::int32_t>(v);
                EXPECT_GE(e, 0);
                EXPECT_LT(static_cast<std::size_t>(e), f.enum_names.size());
            }
            if (const glm::vec4* c = std::get_if<glm::vec4>(&v)) {
                for (int i = 0; i < 4; ++i) {
                    EXPECT_GE((*c)[i], 0.0f);
                    EXPECT_LE((*c)[i], 1.0f);
                }
            }
        }
    }
}

// ---- defaults, copy, accessors ----

TEST_F(TypeRegistryBuiltins, DefaultsAreDefaultConstructedInstances) {
    const auto* sprite = static_cast<const Sprite*>(registry.find<Sprite>()->defaults.get());
    ASSERT_NE(sprite, nullptr);
    EXPECT_EQ(sprite->image, "");
    EXPECT_EQ(sprite->tint, glm::vec4(1.0f));
    EXPECT_EQ(sprite->size, glm::vec2(32.0f));
    EXPECT_EQ(sprite->order, 0);

    const auto* camera = static_cast<const Camera2D*>(registry.find<Camera2D>()->defaults.get());
    ASSERT_NE(camera, nullptr);
    EXPECT_EQ(camera->zoom, 1.0f);
    EXPECT_TRUE(camera->primary);
    EXPECT_EQ(camera->background, Camera2D{}.background);

    const auto* shape = static_cast<const Shape*>(registry.find<Shape>()->defaults.get());
    ASSERT_NE(shape, nullptr);
    EXPECT_EQ(shape->kind, ShapeKind::Rect);
    EXPECT_EQ(shape->radius, 16.0f);
}

TEST_F(TypeRegistryBuiltins, EveryDefaultMatchesAFreshlyAddedComponent) {
    World world(registry);
    const Handle h = world.create();
    ASSERT_TRUE(h);
    for (const TypeInfo* t : registry.types()) {
        SCOPED_TRACE(t->name);
        const void* fresh = world.add(h, t->id);
        ASSERT_NE(fresh, nullptr);
        for (const FieldInfo& f : t->fields)
            EXPECT_TRUE(same_value(f.get(fresh), f.get(t->defaults.get()))) << f.name;
    }
}

TEST_F(TypeRegistryBuiltins, MakeInstanceGivesAFreshDefaultComponent) {
    for (const TypeInfo* t : registry.types()) {
        SCOPED_TRACE(t->name);
        ASSERT_TRUE(static_cast<bool>(t->make_instance));
        const std::shared_ptr<void> a = t->make_instance();
        const std::shared_ptr<void> b = t->make_instance();
        ASSERT_NE(a, nullptr);
        ASSERT_NE(b, nullptr);
        EXPECT_NE(a.get(), b.get());
        EXPECT_NE(a.get(), t->defaults.get());
        for (const FieldInfo& f : t->fields) {
            EXPECT_TRUE(same_value(f.get(a.get()), f.get(t->defaults.get()))) << f.name;
            // Writing an instance leaves the defaults alone.
            const FieldValue before = f.get(t->defaults.get());
            if (f.type == FieldType::Bool) f.set(a.get(), !std::get<bool>(before));
            if (f.type == FieldType::Float) f.set(a.get(), std::get<float>(before) + 1.0f);
            EXPECT_TRUE(same_value(f.get(t->defaults.get()), before)) << f.name;
        }
    }
}

TEST_F(TypeRegistryBuiltins, CopyAssignsEveryField) {
    Sprite src;
    src.image = "images/ball.png";
    src.tint = {0.1f, 0.2f, 0.3f, 0.4f};
    src.size = {5.0f, 6.0f};
    src.order = 7;
    Sprite dst;
    registry.find<Sprite>()->copy(&dst, &src);
    EXPECT_EQ(dst.image, "images/ball.png");
    EXPECT_EQ(dst.tint, src.tint);
    EXPECT_EQ(dst.size, src.size);
    EXPECT_EQ(dst.order, 7);
    EXPECT_EQ(src.image, "images/ball.png") << "the source is left intact";

    Properties props_src;
    props_src.values["hp"] = std::int32_t{3};
    props_src.values["name"] = std::string("brick");
    Properties props_dst;
    props_dst.values["stale"] = true;
    registry.find<Properties>()->copy(&props_dst, &props_src);
    EXPECT_EQ(props_dst.values, props_src.values);
}

TEST_F(TypeRegistryBuiltins, CopyFromDefaultsResetsAComponent) {
    for (const TypeInfo* t : registry.types()) {
        SCOPED_TRACE(t->name);
        World world(registry);
        const Handle h = world.create();
        void* c = world.add(h, t->id);
        ASSERT_NE(c, nullptr);
        // Change every field, then copy the defaults back over it.
        for (const FieldInfo& f : t->fields) {
            FieldValue v = f.get(c);
            std::visit(
                [&f](auto& x) {
                    using X = std::decay_t<decltype(x)>;
                    if constexpr (std::is_same_v<X, bool>)
                        x = !x;
                    else if constexpr (std::is_same_v<X, std::int32_t>)
                        x = f.type == FieldType::Enum
                                ? (x + 1) % static_cast<std::int32_t>(f.enum_names.size())
                                : x + 1;
                    else if constexpr (std::is_same_v<X, float>)
                        x += 1.0f;
                    else if constexpr (std::is_same_v<X, std::string>)
                        x += "changed";
                    else if constexpr (std::is_same_v<X, glm::vec2>)
                        x += glm::vec2(1.0f);
                    else if constexpr (std::is_same_v<X, glm::vec4>)
                        x *= 0.5f;
                    else if constexpr (std::is_same_v<X, Guid>)
                        x.value += 1;
                    else if constexpr (std::is_same_v<X, TileGrid>)
                        (void)x.resize(x.width + 1, x.height);
                    else
                        x["changed"] = true;
                },
                v);
            f.set(c, v);
            EXPECT_FALSE(same_value(f.get(c), f.get(t->defaults.get()))) << f.name;
        }
        t->copy(c, t->defaults.get());
        for (const FieldInfo& f : t->fields)
            EXPECT_TRUE(same_value(f.get(c), f.get(t->defaults.get()))) << f.name;
    }
}

TEST_F(TypeRegistryBuiltins, FieldAccessorsReadAndWriteTheMember) {
    const TypeInfo* shape_type = registry.find<Shape>();
    Shape shape;
    shape.kind = ShapeKind::Circle;
    shape.radius = 4.5f;
    EXPECT_TRUE(same_value(shape_type->find_field("kind")->get(&shape), std::int32_t{1}));
    EXPECT_TRUE(same_value(shape_type->find_field("radius")->get(&shape), 4.5f));
    shape_type->find_field("kind")->set(&shape, std::int32_t{0});
    shape_type->find_field("filled")->set(&shape, false);
    shape_type->find_field("size")->set(&shape, glm::vec2(3.0f, 4.0f));
    EXPECT_EQ(shape.kind, ShapeKind::Rect);
    EXPECT_FALSE(shape.filled);
    EXPECT_EQ(shape.size, glm::vec2(3.0f, 4.0f));
    EXPECT_EQ(shape.radius, 4.5f) << "other fields are untouched";
}

TEST_F(TypeRegistryBuiltins, FindFieldReturnsNullForAnUnknownField) {
    const TypeInfo* sprite = registry.find<Sprite>();
    EXPECT_EQ(sprite->find_field("colour"), nullptr);
    EXPECT_EQ(sprite->find_field("Image"), nullptr);
    EXPECT_EQ(sprite->find_field(""), nullptr);
    EXPECT_EQ(sprite->find_field("image"), &sprite->fields[0]);
}

TEST(TypeRegistryFieldTypes, HaveFileNamesAndValueIndexes) {
    EXPECT_STREQ(to_string(FieldType::Bool), "bool");
    EXPECT_STREQ(to_string(FieldType::Int32), "int");
    EXPECT_STREQ(to_string(FieldType::Float), "float");
    EXPECT_STREQ(to_string(FieldType::String), "string");
    EXPECT_STREQ(to_string(FieldType::Vec2), "vec2");
    EXPECT_STREQ(to_string(FieldType::Color), "color");
    EXPECT_STREQ(to_string(FieldType::Enum), "enum");
    EXPECT_STREQ(to_string(FieldType::ObjectRef), "object");
    EXPECT_STREQ(to_string(FieldType::Asset), "asset");
    EXPECT_STREQ(to_string(FieldType::Properties), "properties");

    EXPECT_EQ(value_index(FieldType::Bool), FieldValue(false).index());
    EXPECT_EQ(value_index(FieldType::Int32), FieldValue(std::int32_t{0}).index());
    EXPECT_EQ(value_index(FieldType::Enum), FieldValue(std::int32_t{0}).index());
    EXPECT_EQ(value_index(FieldType::Float), FieldValue(0.0f).index());
    EXPECT_EQ(value_index(FieldType::String), FieldValue(std::string()).index());
    EXPECT_EQ(value_index(FieldType::Asset), FieldValue(std::string()).index());
    EXPECT_EQ(value_index(FieldType::Vec2), FieldValue(glm::vec2(0.0f)).index());
    EXPECT_EQ(value_index(FieldType::Color), FieldValue(glm::vec4(0.0f)).index());
    EXPECT_EQ(value_index(FieldType::ObjectRef), FieldValue(Guid{}).index());
    EXPECT_EQ(value_index(FieldType::Properties), FieldValue(PropertyMap{}).index());
}

TEST(TypeRegistryAssetKinds, HaveFileNames) {
    EXPECT_STREQ(to_string(AssetKind::None), "");
    EXPECT_STREQ(to_string(AssetKind::Image), "image");
    EXPECT_STREQ(to_string(AssetKind::Prefab), "prefab");
    EXPECT_STREQ(to_string(AssetKind::Scene), "scene");
    EXPECT_STREQ(to_string(AssetKind::Font), "font");
    EXPECT_STREQ(to_string(AssetKind::Sound), "sound");
}

} // namespace
} // namespace diorama

namespace diorama {
namespace {

TEST(TypeRegistryAddAll, RegistersEachTypeInOrder) {
    TypeRegistry registry;
    const Result<void> added =
        registry.add_all<RegistryTestFirstSystem, RegistryTestSecondSystem>();
    ASSERT_TRUE(added.ok());
    ASSERT_EQ(registry.types().size(), 2u);
    EXPECT_EQ(registry.types()[0]->name, "RegistryTestFirstSystem");
    EXPECT_EQ(registry.types()[1]->name, "RegistryTestSecondSystem");
}

TEST(TypeRegistryAddAll, StopsAtTheFirstFailureAndReturnsIt) {
    TypeRegistry registry;
    ASSERT_TRUE(registry.add<RegistryTestFirstSystem>().ok());
    const Result<void> result =
        registry.add_all<RegistryTestNoSystem, RegistryTestFirstSystem, RegistryTestSecondSystem>();
    EXPECT_FALSE(result.ok());
    EXPECT_NE(registry.find<RegistryTestNoSystem>(), nullptr);
    EXPECT_EQ(registry.find<RegistryTestSecondSystem>(), nullptr); // never reached
}

} // namespace
} // namespace diorama

// ---- fields that apply only for some values of an enum field ----

namespace diorama {
namespace {

enum class RegistryTestMode : std::int32_t { Off, Slow, Fast };

struct RegistryTestConditional {
    RegistryTestMode mode = RegistryTestMode::Off;
    float speed = 1.0f;
    float label_size = 2.0f;
};

} // namespace

template <>
TypeInfo describe<RegistryTestConditional>() {
    return TypeBuilder<RegistryTestConditional>("RegistryTestConditional")
        .field<&RegistryTestConditional::mode>("mode")
        .enumeration({"off", "slow", "fast"})
        .field<&RegistryTestConditional::speed>("speed")
        .applies_when("mode", {"slow", "fast"})
        .field<&RegistryTestConditional::label_size>("label_size")
        .build();
}

namespace {

TEST(FieldConditions, AFieldAppliesOnlyForTheNamedValuesOfItsEnumField) {
    const TypeInfo type = describe<RegistryTestConditional>();
    const FieldInfo& speed = *type.find_field("speed");
    ASSERT_TRUE(speed.applies_when);
    EXPECT_EQ(speed.applies_when->field, "mode");
    EXPECT_EQ(speed.applies_when->values, (std::vector<std::int32_t>{1, 2}));
    RegistryTestConditional c;
    EXPECT_FALSE(type.field_applies(speed, &c));
    EXPECT_TRUE(type.field_applies(*type.find_field("label_size"), &c)) << "no condition";
    EXPECT_TRUE(type.field_applies(*type.find_field("mode"), &c));
    c.mode = RegistryTestMode::Fast;
    EXPECT_TRUE(type.field_applies(speed, &c));
    c.mode = RegistryTestMode::Slow;
    EXPECT_TRUE(type.field_applies(speed, &c));
}

TEST_F(TypeRegistryBuiltins, AShapeOrColliderShowsTheSizeOfItsKindOnly) {
    const TypeInfo& shape = *registry.find<Shape>();
    Shape circle;
    circle.kind = ShapeKind::Circle;
    const Shape rect;
    EXPECT_FALSE(shape.field_applies(*shape.find_field("size"), &circle));
    EXPECT_TRUE(shape.field_applies(*shape.find_field("radius"), &circle));
    EXPECT_TRUE(shape.field_applies(*shape.find_field("size"), &rect));
    EXPECT_FALSE(shape.field_applies(*shape.find_field("radius"), &rect));
    for (const char* always : {"kind", "color", "filled", "order"})
        EXPECT_TRUE(shape.field_applies(*shape.find_field(always), &circle)) << always;

    const TypeInfo& collider = *registry.find<Collider>();
    Collider round;
    round.kind = ColliderKind::Circle;
    const Collider box;
    EXPECT_FALSE(collider.field_applies(*collider.find_field("half_extents"), &round));
    EXPECT_TRUE(collider.field_applies(*collider.find_field("radius"), &round));
    EXPECT_TRUE(collider.field_applies(*collider.find_field("half_extents"), &box));
    EXPECT_FALSE(collider.field_applies(*collider.find_field("radius"), &box));
}

} // namespace
} // namespace diorama
