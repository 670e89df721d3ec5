#pragma once
// Reflection: a component type declares its fields once (name, type, editor hints) and its hooks.
// Save/load, the inspector, undo, prefab overrides and the state hash all read that declaration.
//
//   template <> TypeInfo describe<Sprite>() {
//       return TypeBuilder<Sprite>("Sprite")
//           .field<&Sprite::image>("image").asset(AssetKind::Image)
//           .field<&Sprite::tint>("tint")
//           .field<&Sprite::size>("size").min(0.0f).speed(0.5f)
//           .build();
//   }

#include "diorama/handle.h"
#include "diorama/message.h"
#include "diorama/properties.h"
#include "diorama/tile_grid.h"

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <variant>
#include <vector>

namespace diorama {

class World;
class PoolBase;

// ---- component ids ----

// A process-wide dense id per C++ component type, the same in every module of the process.
using ComponentId = std::uint32_t;

namespace detail {
// Interns a type by its mangled name, so every module of the process agrees on the id; types
// with internal linkage (anonymous namespaces share mangled names across files) are told apart by
// their type_info address as well. Thread-safe.
ComponentId intern_component_type(const std::type_info& type);
// The id of a component type that has no C++ type of its own (a scripted type), by a key naming
// it ("script:Bat"); the same key gives the same id for the life of the process. Thread-safe.
ComponentId intern_component_key(std::string_view key);
} // namespace detail

template <class T>
ComponentId component_id() {
    static const ComponentId id = detail::intern_component_type(typeid(T));
    return id;
}

// ---- field types and values ----

enum class FieldType : std::uint8_t {
    Bool,
    Int32,
    Float,
    String,
    Vec2,
    Color,      // glm::vec4, rgba 0..1
    Enum,       // a C++ enum with a 32-bit underlying type, named values
    ObjectRef,  // Guid of another object
    Asset,      // std::string path relative to the project
    Properties, // PropertyMap: typed key/value pairs
    Tiles,      // TileGrid: a tile map's cells, layer by layer
};

// "bool", "int", "float", "string", "vec2", "color", "enum", "object", "asset", "properties",
// "tiles".
const char* to_string(FieldType type);

enum class AssetKind : std::uint8_t { None, Image, Prefab, Scene, Font, Sound, Tileset };

// "", "image", "prefab", "scene", "font", "sound", "tileset".
const char* to_string(AssetKind kind);

// A field's value, type-erased. Enums travel as int32, assets as strings.
using FieldValue = std::variant<bool, std::int32_t, float, std::string, glm::vec2, glm::vec4, Guid,
                                PropertyMap, TileGrid>;

// The FieldValue alternative index that carries values of a field type.
std::size_t value_index(FieldType type);

// ---- declarations ----

// A field that matters only while an enum field of the same type has one of some values (a
// Shape's size for a rect, its radius for a circle). The inspector hides it otherwise; it is
// saved, loaded, copied and hashed as any field.
struct FieldCondition {
    std::string field;                // the enum field's name
    std::vector<std::int32_t> values; // the values for which the field applies
};

struct FieldInfo {
    std::string name; // snake_case, part of the file format
    FieldType type = FieldType::Float;
    std::function<FieldValue(const void* component)> get;
    std::function<void(void* component, const FieldValue& value)> set; // of value_index(type)

    // editor and validation hints
    std::optional<float> min; // numbers and vec2 components
    std::optional<float> max;
    float speed = 0.1f;                     // drag speed in the inspector
    std::vector<std::string> enum_names;    // Enum: the name of value i is enum_names[i]
    AssetKind asset_kind = AssetKind::None; // Asset
    bool multiline = false;                 // String
    std::string tooltip;
    std::optional<FieldCondition> applies_when; // unset: the field always applies
};

// Hooks a component type may declare; `component` points at the object's component of this type.
struct TypeHooks {
    std::function<void(World&, Handle, void* component)> on_create;  // after add
    std::function<void(World&, Handle, void* component)> on_destroy; // before removal
    std::function<void(World&, Handle, void* component, const Message&)> on_message;
    std::function<void(World&, Handle, void* component, const InputEvent&)> on_event;
    std::function<void(World&, float dt_s)> update; // the type's system, run once per tick
};

struct TypeInfo {
    std::string name; // PascalCase, part of the file format
    ComponentId id = 0;
    std::size_t size = 0;
    std::vector<FieldInfo> fields; // declaration order
    TypeHooks hooks;
    std::function<std::unique_ptr<PoolBase>()> make_pool;
    std::function<void(void* dst, const void* src)> copy; // assign one component to another
    std::function<std::shared_ptr<void>()> make_instance; // a new component with the defaults
    std::shared_ptr<const void> defaults;                 // an instance with the defaults
    // True when a pool's default-constructed component is not yet one with the defaults (a
    // scripted type's storage learns its type from them): World::add copies `defaults` into it.
    bool copy_defaults_on_add = false;
    // True for a type declared by a project's script rather than in C++.
    bool scripted = false;
    // False when none of its hooks and its system reads the spatial index (the built-ins).
    bool queries_space = true;

    // The field with this name, or nullptr.
    [[nodiscard]] const FieldInfo* find_field(std::string_view field_name) const;
    // Whether the field applies to this component of the type (its applies_when holds; a
    // condition naming no enum field of the type holds).
    [[nodiscard]] bool field_applies(const FieldInfo& field, const void* component) const;
    // Every field's name, in declaration order.
    [[nodiscard]] std::vector<std::string> field_names() const;
};

// Declared by each component type (specialized next to the type).
template <class T>
TypeInfo describe();

// ---- builder ----

namespace detail {
template <class M>
constexpr FieldType field_type_of() {
    if constexpr (std::is_same_v<M, bool>)
        return FieldType::Bool;
    else if constexpr (std::is_same_v<M, std::int32_t>)
        return FieldType::Int32;
    else if constexpr (std::is_same_v<M, float>)
        return FieldType::Float;
    else if constexpr (std::is_same_v<M, std::string>)
        return FieldType::String;
    else if constexpr (std::is_same_v<M, glm::vec2>)
        return FieldType::Vec2;
    else if constexpr (std::is_same_v<M, glm::vec4>)
        return FieldType::Color;
    else if constexpr (std::is_same_v<M, Guid>)
        return FieldType::ObjectRef;
    else if constexpr (std::is_same_v<M, PropertyMap>)
        return FieldType::Properties;
    else if constexpr (std::is_same_v<M, TileGrid>)
        return FieldType::Tiles;
    else if constexpr (std::is_enum_v<M>) {
        static_assert(sizeof(M) == sizeof(std::int32_t),
                      "enum fields need a 32-bit underlying type");
        return FieldType::Enum;
    } else {
        static_assert(!sizeof(M), "unsupported field type");
    }
}

template <class>
struct member_traits;
template <class C, class M>
struct member_traits<M C::*> {
    using owner = C;
    using type = M;
};

} // namespace detail

template <class T>
std::unique_ptr<PoolBase> make_typed_pool(); // defined in component_pool.h

// Builds a TypeInfo for component type T; each hint applies to the last declared field.
template <class T>
class TypeBuilder {
public:
    explicit TypeBuilder(std::string name) {
        static_assert(std::is_default_constructible_v<T> && std::is_copy_assignable_v<T>,
                      "components are default-constructible and copyable");
        m_info.name = std::move(name);
        m_info.id = component_id<T>();
        m_info.size = sizeof(T);
        m_info.make_pool = &make_typed_pool<T>;
        m_info.copy = [](void* dst, const void* src) {
            *static_cast<T*>(dst) = *static_cast<const T*>(src);
        };
        m_info.make_instance = []() -> std::shared_ptr<void> { return std::make_shared<T>(); };
        m_info.defaults = std::make_shared<const T>();
    }

    // Declares a reflected field; its FieldType follows from the member's C++ type.
    template <auto Member>
    TypeBuilder& field(std::string name) {
        using M = typename detail::member_traits<decltype(Member)>::type;
        FieldInfo f;
        f.name = std::move(name);
        f.type = detail::field_type_of<M>();
        f.get = [](const void* c) -> FieldValue {
            const M& m = static_cast<const T*>(c)->*Member;
            if constexpr (std::is_enum_v<M>)
                return static_cast<std::int32_t>(m);
            else
                return m;
        };
        f.set = [](void* c, const FieldValue& v) {
            M& m = static_cast<T*>(c)->*Member;
            if constexpr (std::is_enum_v<M>)
                m = static_cast<M>(std::get<std::int32_t>(v));
            else
                m = std::get<M>(v);
        };
        m_info.fields.push_back(std::move(f));
        return *this;
    }

    TypeBuilder& min(float v) {
        last().min = v;
        return *this;
    }
    TypeBuilder& max(float v) {
        last().max = v;
        return *this;
    }
    TypeBuilder& range(float lo, float hi) {
        last().min = lo;
        last().max = hi;
        return *this;
    }
    TypeBuilder& speed(float v) {
        last().speed = v;
        return *this;
    }
    TypeBuilder& multiline() {
        last().multiline = true;
        return *this;
    }
    TypeBuilder& tooltip(std::string text) {
        last().tooltip = std::move(text);
        return *this;
    }
    // Names the values of an enum field, in order of their numeric values 0..n-1.
    TypeBuilder& enumeration(std::initializer_list<const char*> names) {
        assert(last().type == FieldType::Enum);
        last().enum_names.assign(names.begin(), names.end());
        return *this;
    }
    // The last field applies only while the enum field `field` (declared before it) has one of
    // the named values; the inspector hides it otherwise.
    TypeBuilder& applies_when(std::string_view field, std::initializer_list<const char*> names) {
        FieldCondition condition{std::string(field), {}};
        for (const FieldInfo& f : m_info.fields) {
            if (f.name != field) continue;
            assert(f.type == FieldType::Enum && !f.enum_names.empty());
            for (const char* name : names)
                for (std::size_t i = 0; i < f.enum_names.size(); ++i)
                    if (f.enum_names[i] == name)
                        condition.values.push_back(static_cast<std::int32_t>(i));
        }
        assert(condition.values.size() == names.size() && "applies_when names an enum value");
        last().applies_when = std::move(condition);
        return *this;
    }
    // Marks a string field as a path to a project asset of this kind.
    TypeBuilder& asset(AssetKind kind) {
        assert(last().type == FieldType::String);
        last().type = FieldType::Asset;
        last().asset_kind = kind;
        return *this;
    }

    // ---- hooks (typed: they receive the component itself) ----
    template <class F> // void(World&, Handle, T&)
    TypeBuilder& on_create(F f) {
        m_info.hooks.on_create = [f](World& w, Handle h, void* c) { f(w, h, *static_cast<T*>(c)); };
        return *this;
    }
    template <class F> // void(World&, Handle, T&)
    TypeBuilder& on_destroy(F f) {
        m_info.hooks.on_destroy = [f](World& w, Handle h, void* c) {
            f(w, h, *static_cast<T*>(c));
        };
        return *this;
    }
    template <class F> // void(World&, Handle, T&, const Message&)
    TypeBuilder& on_message(F f) {
        m_info.hooks.on_message = [f](World& w, Handle h, void* c, const Message& m) {
            f(w, h, *static_cast<T*>(c), m);
        };
        return *this;
    }
    template <class F> // void(World&, Handle, T&, const InputEvent&)
    TypeBuilder& on_event(F f) {
        m_info.hooks.on_event = [f](World& w, Handle h, void* c, const InputEvent& e) {
            f(w, h, *static_cast<T*>(c), e);
        };
        return *this;
    }
    // The type's update system: void(World&, float dt_s), run once per tick.
    TypeBuilder& system(std::function<void(World&, float)> f) {
        m_info.hooks.update = std::move(f);
        return *this;
    }
    // Declares that the type's system and hooks never read the spatial index, so a world whose
    // tick runs only such code need not index every object at every tick's end.
    TypeBuilder& never_queries_space() {
        m_info.queries_space = false;
        return *this;
    }

    // The finished declaration; every enum field must have been given its names.
    [[nodiscard]] TypeInfo build() {
        for ([[maybe_unused]] const FieldInfo& f : m_info.fields)
            assert(f.type != FieldType::Enum || !f.enum_names.empty());
        return std::move(m_info);
    }

private:
    FieldInfo& last() {
        assert(!m_info.fields.empty() && "declare a field before its hints");
        return m_info.fields.back();
    }
    TypeInfo m_info;
};

} // namespace diorama

// TypeBuilder refers to make_typed_pool<T>, defined with the pools.
#include "diorama/component_pool.h"
