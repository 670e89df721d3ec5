#pragma once
// View: iteration over every object having all of a set of component types (World::view).

#include "diorama/component_pool.h"
#include "diorama/handle.h"
#include "diorama/world/groups.h"

#include <cstddef>
#include <cstdint>
#include <tuple>

namespace diorama {

class World;

template <class... T>
class View {
public:
    static_assert(sizeof...(T) >= 1, "a view needs at least one component type");
    static_assert(detail::distinct_types<T...>(), "a view names each component type once");

    explicit View(World& world) : m_world(world) {}

    // Calls f(T&...) or f(Handle, T&...) for every object having all of T.... Starts from the
    // smallest pool, or walks the owned group over exactly T....
    template <class F>
    void each(F&& f);

    // An upper bound of the number of objects visited (the smallest pool's size).
    [[nodiscard]] std::size_t size_hint() const;

private:
    template <class F>
    void each_grouped(F& f, std::tuple<Pool<T>*...> pools, std::uint32_t n);
    template <class F>
    void call(F& f, std::uint32_t entity, std::tuple<Pool<T>*...>& pools);

    World& m_world;
};

} // namespace diorama
