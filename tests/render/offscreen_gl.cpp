// The offscreen GL context: a hidden SDL window of the offscreen driver and its 3.3 core context.

#include "offscreen_gl.h"

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
#include <SDL2/SDL.h>

#include <cstdlib>

namespace diorama::render::test {

namespace {

class GlContext {
public:
    GlContext() {
        setenv("SDL_VIDEODRIVER", "offscreen", 1);
        if (SDL_Init(SDL_INIT_VIDEO) != 0) {
            m_error = std::string("SDL_Init: ") + SDL_GetError();
            return;
        }
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
        m_window = SDL_CreateWindow("diorama offscreen GL", 0, 0, 64, 64,
                                    SDL_WINDOW_OPENGL | SDL_WINDOW_HIDDEN);
        if (m_window == nullptr) {
            m_error = std::string("SDL_CreateWindow: ") + SDL_GetError();
            return;
        }
        m_context = SDL_GL_CreateContext(m_window);
        if (m_context == nullptr) {
            m_error = std::string("SDL_GL_CreateContext (3.3 core): ") + SDL_GetError();
            return;
        }
        SDL_GL_MakeCurrent(m_window, m_context);
        GLint major = 0;
        GLint minor = 0;
        glGetIntegerv(GL_MAJOR_VERSION, &major);
        glGetIntegerv(GL_MINOR_VERSION, &minor);
        if (major * 10 + minor < 33)
            m_error =
                "the context is OpenGL " + std::to_string(major) + "." + std::to_string(minor);
    }
    GlContext(const GlContext&) = delete;
    GlContext& operator=(const GlContext&) = delete;

    [[nodiscard]] const std::string& error() const { return m_error; }

private:
    SDL_Window* m_window = nullptr;
    SDL_GLContext m_context = nullptr;
    std::string m_error;
};

} // namespace

const std::string& offscreen_gl_context_error() {
    // Never torn down: unloading Mesa's driver at exit turns its own unfreed allocations into
    // leak reports under LeakSanitizer. The process exit releases everything.
    static const GlContext* const context = new GlContext;
    return context->error();
}

} // namespace diorama::render::test
