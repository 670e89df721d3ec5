#pragma once
// How the editor's process keeps memory it frees. A software OpenGL driver (Mesa's llvmpipe)
// allocates and frees its vertex storage for every draw; with glibc's default policy the freed
// top of the heap goes back to the system at once, and every frame pays again for the page
// faults of getting it back (about 700 per frame with 100k objects in view).

namespace diorama::editor {

// Memory freed at the top of the heap is kept for reuse, up to 128 MiB, and blocks under
// 32 MiB come from the heap instead of being mapped on their own. No-op without glibc.
void keep_freed_memory_for_reuse();

} // namespace diorama::editor
