#pragma once
// Handle: a runtime address of an object (slot index + generation). Guid: an object's persistent
// identity, saved in files and used for references between objects.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace diorama {

// A generational handle. The zero value is null. A handle whose object was destroyed (or whose
// slot was reused by a newer object) is stale: the world detects it and never dereferences it.
struct Handle {
    std::uint32_t index = 0;      // slot in the world's object table
    std::uint32_t generation = 0; // 0 only for the null handle; slots start at generation 1

    [[nodiscard]] constexpr bool is_null() const { return generation == 0; }
    constexpr explicit operator bool() const { return generation != 0; }
    friend constexpr bool operator==(Handle, Handle) = default;
};

inline constexpr Handle kNullHandle{};

// A 64-bit persistent identity, stable across save/load. Zero is "no object".
struct Guid {
    std::uint64_t value = 0;

    [[nodiscard]] constexpr bool is_null() const { return value == 0; }
    constexpr explicit operator bool() const { return value != 0; }
    friend constexpr auto operator<=>(Guid, Guid) = default;
};

// 16 lowercase hex digits, e.g. "6f1c0a9e3b2d4c11".
std::string to_string(Guid guid);
// Parses exactly 16 hex digits (either case); nullopt otherwise.
std::optional<Guid> parse_guid(std::string_view text);

} // namespace diorama

template <>
struct std::hash<diorama::Guid> {
    std::size_t operator()(diorama::Guid g) const noexcept {
        return std::hash<std::uint64_t>{}(g.value);
    }
};
