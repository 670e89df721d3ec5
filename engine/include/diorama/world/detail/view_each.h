#pragma once
// View's inline code: the walks over pools and owned groups. Included at the end of world.h;
// include that, not this.

#include "diorama/world.h"

#include <algorithm>
#include <tuple>
#include <type_traits>
#include <vector>

namespace diorama {

template <class... T>
std::size_t View<T...>::size_hint() const {
    std::size_t n = static_cast<std::size_t>(-1);
    ((n = std::min(n, m_world.template count<T>())), ...);
    return n;
}

template <class... T>
template <class F>
void View<T...>::call(F& f, std::uint32_t entity, std::tuple<Pool<T>*...>& pools) {
    if constexpr (std::is_invocable_v<F&, Handle, T&...>)
        f(m_world.handle_of(entity), *std::get<Pool<T>*>(pools)->get(entity)...);
    else
        f(*std::get<Pool<T>*>(pools)->get(entity)...);
}

template <class... T>
template <class F>
void View<T...>::each_grouped(F& f, std::tuple<Pool<T>*...> pools, std::uint32_t n) {
    // Members sit at positions [0, n) of every owned pool, in the same order: walk the pages.
    using First = std::tuple_element_t<0, std::tuple<T...>>;
    const auto& entities = std::get<Pool<First>*>(pools)->entities();
    for (std::uint32_t base = 0; base < n; base += PoolBase::kPageSize) {
        const std::size_t page = base >> PoolBase::kPageShift;
        const std::uint32_t count = std::min<std::uint32_t>(PoolBase::kPageSize, n - base);
        std::tuple<T*...> ptrs{std::get<Pool<T>*>(pools)->page(page)...};
        if constexpr (std::is_invocable_v<F&, Handle, T&...>) {
            for (std::uint32_t k = 0; k < count; ++k)
                f(m_world.handle_of(entities[base + k]), std::get<T*>(ptrs)[k]...);
        } else {
            for (std::uint32_t k = 0; k < count; ++k)
                f(std::get<T*>(ptrs)[k]...);
        }
    }
}

template <class... T>
template <class F>
void View<T...>::each(F&& f) {
    static_assert(std::is_invocable_v<F&, T&...> || std::is_invocable_v<F&, Handle, T&...>,
                  "each() takes f(T&...) or f(Handle, T&...)");
    std::tuple<Pool<T>*...> pools{m_world.template find_typed_pool<T>()...};
    if ((!std::get<Pool<T>*>(pools) || ...)) return;

    World::ViewLock lock(m_world);
    if constexpr (sizeof...(T) >= 2) {
        if (const World::Group* g = m_world.group_owning(std::get<Pool<T>*>(pools)...)) {
            each_grouped(f, pools, g->size);
            return;
        }
    }
    // Drive from the smallest pool; positions [0, n) are stable while the view runs.
    const PoolBase* driver = nullptr;
    ((driver = (driver == nullptr || std::get<Pool<T>*>(pools)->size() < driver->size())
                   ? std::get<Pool<T>*>(pools)
                   : driver),
     ...);
    const auto n = static_cast<std::uint32_t>(driver->size());
    for (std::uint32_t pos = 0; pos < n; ++pos) {
        const std::uint32_t entity = driver->entities()[pos];
        if ((std::get<Pool<T>*>(pools)->contains(entity) && ...)) call(f, entity, pools);
    }
}

} // namespace diorama
