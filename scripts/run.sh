#!/usr/bin/env bash
# Sets up, builds (release) and runs Diorama's main job: the editor on the BOUNCE sample.
# Without a display it runs the editor headless (SDL offscreen) for a few frames and writes a
# screenshot. Extra arguments go to the editor.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset release
# Only what the editor needs: itself, the player File > Export ships and the samples' modules
# (its dependencies); the test targets are scripts/test.sh's.
cmake --build --preset release --target diorama-editor -j "$(nproc)"
editor=build/release/bin/diorama-editor
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec "$editor" projects/bounce "$@"
fi
echo "run.sh: no display; running the editor headless and writing build/release/editor-bounce.png"
SDL_VIDEODRIVER=offscreen "$editor" projects/bounce --frames 60 --screenshot build/release/editor-bounce.png "$@"
