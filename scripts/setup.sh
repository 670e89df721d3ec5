#!/usr/bin/env bash
# Installs every Debian package Diorama needs to build, test and run.
# A no-op when all are present; uses sudo when not run as root.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  clang clang-format
  libclang-rt-14-dev   # libFuzzer and the sanitizer runtimes for clang (scripts/fuzz.sh)
  libglm-dev nlohmann-json3-dev libgtest-dev libgmock-dev libbenchmark-dev
  libsdl2-dev libimgui-dev libstb-dev
  liblua5.4-dev      # the scripts of a project run in Lua 5.4 (engine/src/lua_vm.cpp)
  libcpp-httplib-dev # the player's live link serves HTTP through it (engine/live/)
  libsimdjson-dev    # the scene loader's fast path parses with it (engine/src/scene_fast_read.h)
  libgl1-mesa-dev libgl1-mesa-dri libegl-mesa0
  fonts-dejavu-core
  python3-jsonschema # the schema_checks test: docs/schema against every sample file
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi

echo "setup: installing ${missing[*]}"
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
