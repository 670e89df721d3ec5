// The shader programs Renderer2D draws with: their GLSL source, compiled and linked.

#include "renderer_programs.h"

#include "diorama/log.h"

#include <cstddef>
#include <string>

namespace diorama::render {

namespace {

// The textured program: sprites, glyphs and anything drawn with a texture of its own.
constexpr const char* kVertexShader = R"(#version 330 core
layout(location = 0) in vec2 a_position;
layout(location = 1) in vec2 a_uv;
layout(location = 2) in vec4 a_color;
uniform mat4 u_view_projection;
out vec2 v_uv;
out vec4 v_color;
void main() {
    v_uv = a_uv;
    v_color = vec4(a_color.rgb * a_color.a, a_color.a);
    gl_Position = u_view_projection * vec4(a_position, 0.0, 1.0);
}
)";

constexpr const char* kFragmentShader = R"(#version 330 core
in vec2 v_uv;
in vec4 v_color;
uniform sampler2D u_texture;
out vec4 o_color;
void main() {
    o_color = texture(u_texture, v_uv) * v_color;
}
)";

// The solid program: shapes and dots, whose texture is the white one. Every primitive the
// renderer makes has one colour, so it is passed flat; no texture is sampled (the textured
// program would multiply by exactly 1.0 and give the same pixels, at a software rasterizer's
// price of a texture fetch per pixel).
constexpr const char* kSolidVertexShader = R"(#version 330 core
layout(location = 0) in vec2 a_position;
layout(location = 1) in vec2 a_uv;
layout(location = 2) in vec4 a_color;
uniform mat4 u_view_projection;
flat out vec4 v_color;
void main() {
    v_color = vec4(a_color.rgb * a_color.a, a_color.a);
    gl_Position = u_view_projection * vec4(a_position, 0.0, 1.0);
    gl_PointSize = a_uv.x; // points only: their uv.x is their size in pixels (see dot())
}
)";

constexpr const char* kSolidFragmentShader = R"(#version 330 core
flat in vec4 v_color;
out vec4 o_color;
void main() {
    o_color = v_color;
}
)";

// The bands program: a quad coloured by each pixel's distance from its nearest edge, in whole
// pixels: band i of the texture (one row of texels) from i to i + 1 pixels in, the last band
// deeper too. a_uv holds each corner's place from the centre in pixels (every corner's |a_uv| is
// the half size).
constexpr const char* kBandsVertexShader = R"(#version 330 core
layout(location = 0) in vec2 a_position;
layout(location = 1) in vec2 a_uv;
layout(location = 2) in vec4 a_color;
uniform mat4 u_view_projection;
out vec2 v_place;
flat out vec2 v_half;
flat out vec4 v_color;
void main() {
    v_place = a_uv;
    v_half = abs(a_uv);
    v_color = vec4(a_color.rgb * a_color.a, a_color.a);
    gl_Position = u_view_projection * vec4(a_position, 0.0, 1.0);
}
)";

constexpr const char* kBandsFragmentShader = R"(#version 330 core
in vec2 v_place;
flat in vec2 v_half;
flat in vec4 v_color;
uniform sampler2D u_texture;
out vec4 o_color;
void main() {
    vec2 to_edge = v_half - abs(v_place);
    float last = float(textureSize(u_texture, 0).x - 1);
    int band = int(clamp(min(to_edge.x, to_edge.y), 0.0, last));
    o_color = texelFetch(u_texture, ivec2(band, 0), 0) * v_color;
}
)";

// The texel copy program: a sample of the texture and nothing else (Mesa's llvmpipe recognises
// such a shader, drawn opaque with nearest filtering onto a rectangle, as a copy).
constexpr const char* kTexelCopyVertexShader = R"(#version 330 core
layout(location = 0) in vec2 a_position;
layout(location = 1) in vec2 a_uv;
out vec2 v_uv;
void main() {
    v_uv = a_uv;
    gl_Position = vec4(a_position, 0.0, 1.0);
}
)";

constexpr const char* kTexelCopyFragmentShader = R"(#version 330 core
in vec2 v_uv;
uniform sampler2D u_texture;
out vec4 o_color;
void main() {
    o_color = texture(u_texture, v_uv);
}
)";

GLuint compile_shader(GLenum stage, const char* source) {
    const GLuint shader = glCreateShader(stage);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    GLint ok = GL_FALSE;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok != GL_TRUE) {
        std::string info(1024, '\0');
        GLsizei length = 0;
        glGetShaderInfoLog(shader, static_cast<GLsizei>(info.size()), &length, info.data());
        info.resize(static_cast<std::size_t>(length));
        log_error("renderer: shader does not compile: " + info);
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}

// A shader program from its two stages' source, or 0 (logged) when it does not build.
GLuint build_program(const char* vertex_source, const char* fragment_source) {
    const GLuint vs = compile_shader(GL_VERTEX_SHADER, vertex_source);
    const GLuint fs = compile_shader(GL_FRAGMENT_SHADER, fragment_source);
    if (vs == 0 || fs == 0) {
        glDeleteShader(vs);
        glDeleteShader(fs);
        return 0;
    }
    GLuint program = glCreateProgram();
    glAttachShader(program, vs);
    glAttachShader(program, fs);
    glLinkProgram(program);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = GL_FALSE;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (ok != GL_TRUE) {
        std::string info(1024, '\0');
        GLsizei length = 0;
        glGetProgramInfoLog(program, static_cast<GLsizei>(info.size()), &length, info.data());
        info.resize(static_cast<std::size_t>(length));
        log_error("renderer: shader program does not link: " + info);
        glDeleteProgram(program);
        program = 0;
    }
    return program;
}

// Built from two stages' source, with its uniforms' locations (id 0 when it fails).
ShaderProgram make_program(const char* vertex_source, const char* fragment_source) {
    ShaderProgram p;
    p.id = build_program(vertex_source, fragment_source);
    if (p.id != 0) {
        p.u_view_projection = glGetUniformLocation(p.id, "u_view_projection");
        p.u_texture = glGetUniformLocation(p.id, "u_texture");
    }
    return p;
}

} // namespace

ShaderProgram make_textured_program() {
    return make_program(kVertexShader, kFragmentShader);
}

ShaderProgram make_solid_program() {
    return make_program(kSolidVertexShader, kSolidFragmentShader);
}

ShaderProgram make_bands_program() {
    return make_program(kBandsVertexShader, kBandsFragmentShader);
}

ShaderProgram make_texel_copy_program() {
    ShaderProgram p = make_program(kTexelCopyVertexShader, kTexelCopyFragmentShader);
    if (p.id != 0) {
        glUseProgram(p.id);
        glUniform1i(p.u_texture, 0);
        glUseProgram(0);
    }
    return p;
}

} // namespace diorama::render
