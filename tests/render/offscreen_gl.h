#pragma once
// One OpenGL 3.3 core context per process, current on the calling thread, without a display:
// SDL2's offscreen video driver on Mesa (EGL, llvmpipe). For the render tests and benchmarks.

#include <string>

namespace diorama::render::test {

// Makes the context on the first call; empty when it is current, otherwise why it could not be
// made.
const std::string& offscreen_gl_context_error();

} // namespace diorama::render::test
