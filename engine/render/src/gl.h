#pragma once
// The OpenGL 3.3 core entry points, declared by Mesa's headers and exported by its libGL (no
// loader). Private to diorama_render.

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
