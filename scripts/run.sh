#!/usr/bin/env bash
# Sets up, builds (release) and runs Diorama's main job: the headless player on the BOUNCE sample.
# Extra arguments go to the player, e.g. scripts/run.sh --ticks 600 --realtime
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset release
cmake --build --preset release -j "$(nproc)"
if [ $# -eq 0 ]; then set -- --ticks 3600 --hash; fi
build/release/bin/diorama-player run projects/bounce "$@"
