#pragma once
// CPU time of the editor's thread: the clock, and what a frame's viewport cost on it (for
// `--timing` and the Stats panel).

namespace diorama::editor {

// CPU time consumed by the calling thread so far, in milliseconds.
[[nodiscard]] double thread_cpu_ms();

// The CPU time of one frame's viewport, in milliseconds.
struct ViewportCost {
    double build_ms = 0.0;   // the scene's geometry made: the grid and render::draw_world
    double submit_ms = 0.0;  // handed to GL (Renderer2D::end): uploads and draw calls, and on a
                             // software rasterizer its vertex work
    bool world_kept = false; // the world's geometry was the kept one (render::WorldDrawCache)
    bool image_kept = false; // nothing drawn: the target held this frame already (Renderer2D)
};

} // namespace diorama::editor
