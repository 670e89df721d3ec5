#pragma once
// The engine build written into the engine library's bytes, so that a tool can read which build a
// library file is without loading it (engine_build_of_library, export.h): the tag's text followed
// by DIORAMA_ENGINE_BUILD and a NUL, once in the file.

#include <cstddef>

// The text before the stamp. Used only in engine_build_tag's definition (and by its length), so
// that the library holds it nowhere else.
#define DIORAMA_ENGINE_BUILD_TAG_TEXT "diorama-engine-build:"

namespace diorama::detail {

// DIORAMA_ENGINE_BUILD_TAG_TEXT DIORAMA_ENGINE_BUILD (version.cpp).
extern const char engine_build_tag[];

inline constexpr std::size_t kEngineBuildTagTextLength = sizeof(DIORAMA_ENGINE_BUILD_TAG_TEXT) - 1;

} // namespace diorama::detail
