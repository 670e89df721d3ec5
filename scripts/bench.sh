#!/usr/bin/env bash
# Runs the whole performance suite and prints one table: every Google Benchmark (tests/bench and,
# with the editor, tests/render/bench), the player on generated 100k/10k scenes and the headless
# editor on a 100k-object scene, each with its ratio to the reference measured in the same run
# (plain array, brute force, baselines) and its budget (tests/bench/budgets.json). See
# docs/PERFORMANCE.md.
#
#   scripts/bench.sh [OUT_DIR]
#
# Environment:
#   BENCH_PRESET=release     the CMake preset to build and run (configured if needed)
#   BENCH_FILTER=REGEX       only the Google Benchmarks matching REGEX (default: all)
#   BENCH_REPETITIONS=N      repeat each benchmark N times and report medians (default: 1)
#   BENCH_MIN_TIME=SECONDS   minimum time per benchmark (default: Google Benchmark's 0.5; the slow
#                            rows, file load and save and the linked-list baseline, keep 2)
#   BENCH_SKIP_TOOLS=1       only the Google Benchmarks (no player or editor runs)
#
# Exit code 0 when every budget was met, 1 when some were missed, 2 and up on errors.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
preset="${BENCH_PRESET:-release}"
build="$root/build/$preset"
out="${1:-$build/bench-results}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

# ---- build ----
if [ ! -f "$build/build.ninja" ]; then
  cmake --preset "$preset" -S "$root" >/dev/null
fi
targets=(diorama_bench diorama-scenegen diorama-benchreport diorama-player bounce)
editor_built=0
if grep -q "^DIORAMA_BUILD_EDITOR:BOOL=ON" "$build/CMakeCache.txt"; then
  targets+=(diorama-editor diorama_render_bench)
  editor_built=1
fi
(cd "$root" && cmake --build --preset "$preset" --target "${targets[@]}" >/dev/null)
bin="$build/bin"

# ---- Google Benchmark ----
bench_args=(--benchmark_out="$out/bench.json" --benchmark_out_format=json)
[ -n "${BENCH_FILTER:-}" ] && bench_args+=(--benchmark_filter="$BENCH_FILTER")
[ -n "${BENCH_MIN_TIME:-}" ] && bench_args+=(--benchmark_min_time="$BENCH_MIN_TIME")
if [ "${BENCH_REPETITIONS:-1}" -gt 1 ]; then
  bench_args+=(--benchmark_repetitions="$BENCH_REPETITIONS" --benchmark_report_aggregates_only=true)
fi
echo "bench: running diorama_bench (output: $out/bench.json)" >&2
"$bin/diorama_bench" "${bench_args[@]}" >"$out/bench.txt" 2>&1
# A filter that matches no benchmark leaves an empty file: the table then has the tools alone.
[ -s "$out/bench.json" ] || echo '{"benchmarks": []}' >"$out/bench.json"
bench_files=("$out/bench.json")
# The GL driver's cost of a viewport frame's parts (tests/render/bench), with the editor.
if [ "$editor_built" = 1 ]; then
  echo "bench: running diorama_render_bench (output: $out/render_bench.json)" >&2
  render_args=("${bench_args[@]/#--benchmark_out=*/--benchmark_out=$out/render_bench.json}")
  SDL_VIDEODRIVER=offscreen "$bin/diorama_render_bench" "${render_args[@]}" >"$out/render_bench.txt" 2>&1 ||
    echo "bench: diorama_render_bench failed; see $out/render_bench.txt" >&2
  [ -s "$out/render_bench.json" ] && bench_files+=("$out/render_bench.json")
fi

figures="$out/figures.txt"
: >"$figures"

# Milliseconds since the epoch.
now_ms() { date +%s%3N; }

if [ "${BENCH_SKIP_TOOLS:-0}" != 1 ]; then
  # ---- generated scenes ----
  project="$out/project"
  echo "bench: generating scenes in $project" >&2
  "$bin/diorama-scenegen" "$project" bounce 100000 >/dev/null
  "$bin/diorama-scenegen" "$project" bounce 10000 >/dev/null
  "$bin/diorama-scenegen" "$project" content 100000 >/dev/null
  "$bin/diorama-scenegen" "$project" tiles 1000 >/dev/null

  # ---- player ----
  echo "bench: diorama-player check and run" >&2
  # Wall time, and the CPU time of the process (what counts on a machine shared with others).
  start=$(now_ms)
  { TIMEFORMAT='%U %S'; time "$bin/diorama-player" check \
    "$project/scenes/content_100000.scene.json" >"$out/player_check.txt" 2>&1; } \
    2>"$out/player_check.time" ||
    echo "bench: diorama-player check failed; see $out/player_check.txt" >&2
  wall=$(($(now_ms) - start))
  echo "Player/Check/Content/100000 wall_ms $wall" >>"$figures"
  awk '{ print "Player/Check/Content/100000 time_ms", ($1 + $2) * 1000 }' \
    "$out/player_check.time" >>"$figures"

  run_player() { # N TICKS
    "$bin/diorama-player" run "$project" --scene "bounce_$1" --ticks "$2" >"$out/player_run_$1.txt" ||
      echo "bench: diorama-player run of bounce_$1 failed; see $out/player_run_$1.txt" >&2
    local rate
    rate=$(sed -n 's/^ticks: .* \([0-9][0-9]*\) ticks\/s$/\1/p' "$out/player_run_$1.txt")
    echo "Player/Run/Bounce/$1 ticks_per_second ${rate:-0}" >>"$figures"
  }
  run_player 10000 600
  run_player 100000 60

  # The scene of Godot's peer harness (../shared/peers): N balls with Transform2D and Velocity
  # only, the same positions and speeds. Wall time of the whole process, the median of 5 runs:
  # load alone, and load plus 600 ticks (compare with run_peers.sh's godot-server/parent rows,
  # or run tests/bench/tools/balls_vs_godot.py for both tools interleaved).
  for n in 10000 100000; do
    python3 "$root/tests/bench/tools/gen_balls.py" --n "$n" --logic builtin --out "$out/balls_$n"
    for ticks in 0 600; do
      walls=()
      for _ in 1 2 3 4 5; do
        start=$(now_ms)
        "$bin/diorama-player" run "$out/balls_$n" --ticks "$ticks" >"$out/player_balls_${n}_$ticks.txt" ||
          echo "bench: diorama-player run of balls_$n failed; see $out/player_balls_${n}_$ticks.txt" >&2
        walls+=($(($(now_ms) - start)))
      done
      row=$([ "$ticks" = 0 ] && echo Load || echo LoadAnd600Ticks)
      median=$(printf '%s\n' "${walls[@]}" | sort -n | sed -n 3p)
      echo "Player/$row/Balls/$n wall_ms $median" >>"$figures"
    done
  done

  # ---- editor (headless) ----
  if [ -x "$bin/diorama-editor" ]; then
    echo "bench: diorama-editor on the 100k-object scene" >&2
    editor_scene=content_100000
    editor() { # NAME ARGS...
      local name="$1"
      shift
      SDL_VIDEODRIVER=offscreen DIORAMA_UI_SCALE=1 XDG_CONFIG_HOME="$out/editor-config" \
        "$bin/diorama-editor" "$project" --scene "$editor_scene" --size 1600x900 \
        --timing "$out/editor_$name.txt" "$@" >"$out/editor_$name.log" 2>&1 ||
        echo "bench: the editor run '$name' failed; see $out/editor_$name.log" >&2
    }
    # Idle, the scene framed whole: every object in view, nothing happening.
    editor idle --frames 120
    # The content grid is 320 columns of objects 40 units apart (scene_gen.h). Zoomed in at its
    # centre (about 2,500 objects in view), first idle, then box-selecting 50 x 20 grid points
    # (1,000 objects) and dragging them with the Move tool's x arrow; only the frames after
    # reset_timing count.
    zoom_in=$'wait 3\nmouse_move_world 6380 6220\nwheel 16\nwait 2\n'
    printf '%sreset_timing\nwait 60\n' "$zoom_in" >"$out/editor_zoomed.script"
    editor zoomed --script "$out/editor_zoomed.script"
    {
      printf '%s' "$zoom_in"
      printf 'drag_world 5380 5820 7380 6620\nexpect_selection 1000\nclick "Toolbar/Move"\n'
      printf 'reset_timing\n'
      for _ in 1 2 3 4 5 6; do printf 'drag_handle x 40 0\n'; done
      printf 'expect_selection 1000\n'
    } >"$out/editor_drag1000.script"
    editor drag1000 --script "$out/editor_drag1000.script" --screenshot "$out/editor_drag1000.png"
    # Panning the whole scene with the middle button: the view moves, so the viewport is drawn
    # anew in every frame of a drag (idle frames show the unchanged one again).
    {
      printf 'wait 3\nreset_timing\n'
      for _ in 1 2 3 4 5 6; do
        printf 'drag_screen 700 400 760 430 middle\ndrag_screen 760 430 700 400 middle\n'
      done
    } >"$out/editor_pan.script"
    editor pan --script "$out/editor_pan.script"
    # Play and Stop: the frame of the click is the slowest of its run (World::clone at Play, the
    # kept world put back at Stop); time_ms is that frame's CPU time.
    printf 'wait 3\nreset_timing\nclick "Toolbar/Play"\nwait 5\n' >"$out/editor_play.script"
    editor play --script "$out/editor_play.script"
    printf 'wait 3\nclick "Toolbar/Play"\nwait 5\nreset_timing\nclick "Toolbar/Stop"\nwait 5\n' \
      >"$out/editor_stop.script"
    editor stop --script "$out/editor_stop.script"
    for run in play:Play stop:Stop; do
      awk -v row="Editor/${run#*:}/Content/100000" '
        $1 == "frame_cpu_ms_max" { print row, "time_ms", $2; print row, $1, $2 }
        $1 == "frame_wall_ms_max" { print row, $1, $2 }' "$out/editor_${run%%:*}.txt" >>"$figures" ||
        true
    done
    for run in idle:Idle zoomed:IdleZoomed drag1000:Drag1000 pan:Pan; do
      awk -v row="Editor/${run#*:}/Content/100000" '
        $1 ~ /^frame_cpu_ms_(p95|max)$|^frame_wall_ms_(median|max)$|^viewport_(build|submit)_ms_median$|^ui_redrawn_median$/ { print row, $1, $2 }
        $1 == "frame_cpu_ms_median" { print row, "time_ms", $2 }
        $1 == "frames" { print row, "frames", $2 }' "$out/editor_${run%%:*}.txt" >>"$figures" ||
        true # a failed run has no timing: its budgets show as not measured
    done
    # Painting the 1,000 x 1,000 tile map (scene_gen.h: the terrain object, 32-unit cells, its
    # top-left at the origin), zoomed in to 16-pixel cells over its sky: one brush stroke of 300
    # frames zigzagging across ~10 cells a frame (each frame paints every cell it passed).
    editor_scene=tiles_1000
    {
      printf 'wait 3\nselect_guid 7e55e1a7000000a1\nkey t\nclick "Tiles/tile 2"\n'
      printf 'mouse_move_world 16000 -12800\nwheel 20\nwait 2\nmouse_move_world 15000 -12800\n'
      printf 'reset_timing\nmouse_down\n'
      for i in $(seq 1 300); do
        printf 'mouse_move_world %d %d\n' $((15000 + i * 6)) $((-12800 + (i % 2) * 300 - 150))
      done
      printf 'mouse_up\nwait 2\n'
    } >"$out/editor_paint.script"
    editor paint --script "$out/editor_paint.script" --screenshot "$out/editor_paint.png"
    awk '$1 ~ /^frame_cpu_ms_(p95|max)$|^frame_wall_ms_(median|max)$/ { print "Editor/PaintStroke/Tiles/1000", $1, $2 }
         $1 == "frame_cpu_ms_median" { print "Editor/PaintStroke/Tiles/1000 time_ms", $2 }
         $1 == "frames" { print "Editor/PaintStroke/Tiles/1000 frames", $2 }' \
      "$out/editor_paint.txt" >>"$figures" || true
    awk '$1 == "open_s" { print "Editor/Open/Content/100000 wall_ms", $2 * 1000 }
         $1 == "open_cpu_s" { print "Editor/Open/Content/100000 time_ms", $2 * 1000 }
         $1 == "ready_s" { print "Editor/FirstFrame/Content/100000 wall_ms", $2 * 1000 }
         $1 == "first_frame_cpu_ms" { print "Editor/FirstFrame/Content/100000 time_ms", $2 }' \
      "$out/editor_idle.txt" >>"$figures" || true
  fi
fi

# ---- the table ----
report=("$bin/diorama-benchreport" --budgets "$root/tests/bench/budgets.json" --figures "$figures"
  "${bench_files[@]}")
"${report[@]}" --markdown >"$out/table.md" || true
echo
echo "Machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs, kernel $(uname -r)"
echo "Results: $out (bench.json, figures.txt, table.md, logs)"
echo
"${report[@]}"
