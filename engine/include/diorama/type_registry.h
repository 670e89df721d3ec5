#pragma once
// TypeRegistry: the component types and systems a world knows, in registration order. The
// built-ins and each game module register here once at start-up; worlds only read it.

#include "diorama/reflection.h"
#include "diorama/result.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace diorama {

class World;

// A function run once per tick, in registration order.
struct System {
    std::string name;
    std::function<void(World&, float dt_s)> run;
    // False when it never reads the spatial index (World::query_*, spatial()): the built-ins.
    bool queries_space = true;
};

class TypeRegistry {
public:
    TypeRegistry() = default;
    TypeRegistry(const TypeRegistry&) = delete;
    TypeRegistry& operator=(const TypeRegistry&) = delete;

    // Registers a component type; its update hook (if any) joins the systems. Fails when the
    // name or the C++ type is already registered, or the name is not an identifier.
    Result<void> add(TypeInfo info);
    // Registers component type T from its describe<T>() declaration.
    template <class T>
    Result<void> add() {
        return add(describe<T>());
    }
    // Registers each of T... in order; stops at the first failure and returns it.
    template <class... T>
    Result<void> add_all() {
        Result<void> result;
        static_cast<void>(((result = add<T>()).ok() && ...));
        return result;
    }

    // Replaces the declaration of a registered type (same name and id) in place, so pointers to
    // its TypeInfo stay valid: a scripted type whose script was reloaded. Fails like add when the
    // new fields are not valid, and (NotFound) when no type has the name and id.
    Result<void> replace(TypeInfo info);

    // Appends a system not tied to one component type (e.g. collisions across types).
    void add_system(std::string name, std::function<void(World&, float dt_s)> run);
    // Adds a system right after the system named `after`, or right before the one named
    // `before` (one of them non-empty), or at the end when both are empty. Fails (NotFound,
    // listing the systems) when the named system does not exist, or the name is taken.
    Result<void> insert_system(std::string name, std::function<void(World&, float dt_s)> run,
                               std::string_view after, std::string_view before);

    // The type with this file name, or nullptr.
    [[nodiscard]] const TypeInfo* find(std::string_view name) const;
    // The type with this id, or nullptr when the C++ type was never registered.
    [[nodiscard]] const TypeInfo* find(ComponentId id) const;
    template <class T>
    [[nodiscard]] const TypeInfo* find() const {
        return find(component_id<T>());
    }

    // All types in registration order.
    [[nodiscard]] const std::vector<const TypeInfo*>& types() const { return m_order; }
    // Every registered type's name, in registry order (for "did you mean" in suggest.h).
    [[nodiscard]] std::vector<std::string> names() const;
    // All systems in registration order.
    [[nodiscard]] const std::vector<System>& systems() const { return m_systems; }
    // True when code run inside a tick may read the spatial index: a system, or a hook of a
    // type, not declared never to (TypeBuilder::never_queries_space). The Simulation then
    // brings the index up to date at every tick's end; otherwise it defers that to the first
    // query after the tick.
    [[nodiscard]] bool tick_may_query_space() const;
    // A number that changes whenever a type is added or replaced (its hooks may be new).
    [[nodiscard]] std::uint64_t revision() const { return m_revision; }

private:
    std::vector<std::unique_ptr<TypeInfo>> m_types; // owned, registration order
    std::vector<const TypeInfo*> m_order;           // same order, for iteration
    std::vector<const TypeInfo*> m_by_id;           // ComponentId -> type (or nullptr)
    std::vector<System> m_systems;
    std::uint64_t m_revision = 0;
};

} // namespace diorama
