#!/usr/bin/env python3
"""Writes a Diorama project of N moving balls: the scene Godot's peer harness
(../shared/peers/gen_godot.py) runs, with the same positions and velocities (same RNG, same
seed), for the side-by-side in docs/PERFORMANCE.md.

  --logic lua      (default) a scripted Ball component and a Lua system move each ball, the
                   work of the peer's `--mode pernode` (one GDScript per ball)
  --logic builtin  each ball has the built-in Transform2D and Velocity only, moved by the
                   engine's motion system: the work of the peer's `--mode parent`

  python3 tests/bench/tools/gen_balls.py --n 10000 --out /tmp/lua_balls
  python3 tests/bench/tools/gen_balls.py --n 100000 --logic builtin --out /tmp/balls_100000
  build/release/bin/diorama-player run /tmp/lua_balls --ticks 600
"""
import argparse
import json
import os
import random

SCRIPT = """-- Each ball moves by its velocity every tick: the work of the Godot peer's ball.gd
-- (position += vel * delta), one scripted component and one system.
component "Ball" { { "vel", "vec2" } }

local translate = world.translate

system "balls" { query = { "Ball" }, each = function(obj, ball, dt)
    local v = ball.vel
    translate(obj, v.x * dt, v.y * dt)
end }
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--logic", choices=["lua", "builtin"], default="lua")
    a = ap.parse_args()
    rnd = random.Random(a.seed)  # drawn in gen_godot.py's order: every position, then every velocity
    pos = [(round(rnd.uniform(0, 1920), 2), round(rnd.uniform(0, 1080), 2)) for _ in range(a.n)]
    vel = [(round(rnd.uniform(-100, 100), 2), round(rnd.uniform(-100, 100), 2)) for _ in range(a.n)]
    os.makedirs(os.path.join(a.out, "scenes"), exist_ok=True)
    lua = a.logic == "lua"
    with open(os.path.join(a.out, "project.json"), "w") as f:
        json.dump({"format": "diorama.project", "version": 1,
                   "name": "LUA BALLS" if lua else "BALLS",
                   "startup_scene": "scenes/balls.scene.json", "tick_rate_hz": 60}, f)
    if lua:
        os.makedirs(os.path.join(a.out, "scripts"), exist_ok=True)
        with open(os.path.join(a.out, "scripts", "balls.lua"), "w") as f:
            f.write(SCRIPT)
    motion = "Ball" if lua else "Velocity"
    field = "vel" if lua else "linear"
    objects = [{"guid": "%016x" % (i + 1), "layer": "world",
                "components": {"Transform2D": {"position": [x, y]}, motion: {field: [vx, vy]}}}
               for i, ((x, y), (vx, vy)) in enumerate(zip(pos, vel))]
    with open(os.path.join(a.out, "scenes", "balls.scene.json"), "w") as f:
        json.dump({"format": "diorama.scene", "version": 1, "name": "balls",
                   "layers": ["world"], "objects": objects}, f)


if __name__ == "__main__":
    main()
