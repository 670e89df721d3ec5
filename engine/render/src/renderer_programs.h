#pragma once
// The shader programs of diorama_render (private to it). Renderer2D's two read the same vertex
// layout: a_position (location 0), a_uv (1), a_color (2, straight alpha; premultiplied in the
// shader); u_view_projection maps world to clip space. TexelCopy's reads a_position in clip
// space (0) and a_uv (1).

#include "gl.h"

namespace diorama::render {

// A linked shader program and its uniforms' locations; id 0 when it did not build.
struct ShaderProgram {
    GLuint id = 0;
    GLint u_view_projection = -1;
    GLint u_texture = -1; // -1 in the programs that sample no texture
};

// The textured program: the texture sampled at a_uv times the colour. Logs why when it fails.
ShaderProgram make_textured_program();
// The solid program: the colour alone, flat; a point's size in pixels is its a_uv.x. Logs why
// when it fails.
ShaderProgram make_solid_program();
// The bands program: each pixel of a quad coloured by the texel of the texture's first row
// whose index is its distance in whole pixels from the quad's nearest edge (a_uv: each corner's
// place from the centre in pixels), times the colour. Logs why when it fails.
ShaderProgram make_bands_program();
// The texel copy program: the texture on unit 0 sampled at a_uv, nothing else, so that a
// software rasterizer can recognise it as a copy. Logs why when it fails.
ShaderProgram make_texel_copy_program();

} // namespace diorama::render
