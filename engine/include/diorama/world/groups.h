#pragma once
// The groups part of the World: owned groups keep the common members of their pools first and
// in the same order, so a view over exactly a group's types walks parallel arrays. Groups that
// share pools are nested: each has every type of the one it is nested in, and more. Members of
// the inner group sit first, then the outer group's other members, then everything else.

#include "diorama/component_pool.h"
#include "diorama/reflection.h"

#include <cstdint>
#include <type_traits>
#include <vector>

namespace diorama::detail {

// An owned group over two or more pools.
struct Group {
    std::vector<ComponentId> types;
    std::vector<PoolBase*> pools; // the pools of types, in the same order
    std::uint32_t size = 0;       // members occupy positions [0, size) of every owned pool
    int outer = -1;               // the group this one is nested in, or -1
    int inner = -1;               // the group nested in this one, or -1
    int chain = -1;               // the outermost group of its nesting chain (itself if none)
};

// No type appears twice in T....
template <class First, class... Rest>
consteval bool distinct_types() {
    if constexpr (sizeof...(Rest) == 0)
        return true;
    else
        return (!std::is_same_v<First, Rest> && ...) && distinct_types<Rest...>();
}

} // namespace diorama::detail
