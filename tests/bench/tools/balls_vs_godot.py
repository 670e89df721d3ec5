#!/usr/bin/env python3
"""Side by side, interleaved: Godot 3's headless server and diorama-player on the same N moving
balls (positions and velocities from the same RNG and seed), wall time of the whole process.

  Godot:   ../shared/peers/gen_godot.py --mode parent (one script on the parent moves every ball)
  Diorama: tests/bench/tools/gen_balls.py --logic builtin (Transform2D + Velocity, the built-in
           motion system)

Each round runs every case once, in turn (a work's tools in an order rotated every round), so
both tools see the same machine load; the table shows medians and the ratio. Needs godot3-server (Debian package) and a built diorama-player.

  python3 tests/bench/tools/balls_vs_godot.py --player build/release/bin/diorama-player \\
      --peers ../shared/peers --sizes 10000 100000 --rounds 5 [--before OLD/diorama-player]

--before adds a column for another build of the player (an earlier commit), interleaved too.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def timed(cmd, env=None):
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit("failed (%d): %s\n%s" % (done.returncode, " ".join(cmd), done.stdout[-2000:]))
    return wall, done.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--player", required=True)
    ap.add_argument("--peers", required=True, help="the folder of gen_godot.py")
    ap.add_argument("--sizes", type=int, nargs="+", default=[10000, 100000])
    ap.add_argument("--ticks", type=int, default=600)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--before", help="another diorama-player to compare (an earlier build)")
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="balls_vs_godot_")
    xdg = os.path.join(work, "xdg")
    os.makedirs(xdg)
    env = dict(os.environ, XDG_DATA_HOME=xdg, XDG_CONFIG_HOME=xdg, XDG_CACHE_HOME=xdg,
               LANG="en_US.UTF-8")
    cases = []
    for n in a.sizes:
        godot = os.path.join(work, "godot_%d" % n)
        ours = os.path.join(work, "diorama_%d" % n)
        subprocess.run([sys.executable, os.path.join(a.peers, "gen_godot.py"), "--n", str(n),
                        "--mode", "parent", "--out", godot], check=True, stdout=subprocess.DEVNULL)
        subprocess.run([sys.executable, os.path.join(HERE, "gen_balls.py"), "--n", str(n),
                        "--logic", "builtin", "--out", ours], check=True)
        gs = ["godot3-server", "--path", godot, "--fixed-fps", "60", "--disable-render-loop"]
        for ticks in (0, a.ticks):
            what = "load" if ticks == 0 else "load + %d ticks" % ticks
            cases.append((n, what, "godot", gs, dict(env, PEER_TICKS=str(ticks))))
            cases.append((n, what, "diorama",
                          [a.player, "run", ours, "--ticks", str(ticks)], env))
            if a.before:
                cases.append((n, what, "before",
                              [a.before, "run", ours, "--ticks", str(ticks)], env))
    # Each round runs the tools of a work in turn, the order rotated by one every round: a
    # process run right after Godot's (seconds of CPU, hundreds of MB freed) is not always ours.
    groups = {}
    for case in cases:
        groups.setdefault(case[:2], []).append(case)
    walls = {}
    for r in range(a.rounds):
        for group in groups.values():
            k = r % len(group)
            for n, what, tool, cmd, case_env in group[k:] + group[:k]:
                wall, _ = timed(cmd, case_env)
                walls.setdefault((n, what, tool), []).append(wall)
    before = " Diorama before (s) | ratio before |" if a.before else ""
    print("| objects | work | Godot 3 server (s) |%s Diorama (s) | ratio |" % before)
    print("|---|---|---|%s---|---|" % ("---|---|" if a.before else ""))
    for n in a.sizes:
        for what in ("load", "load + %d ticks" % a.ticks):
            g = statistics.median(walls[(n, what, "godot")])
            d = statistics.median(walls[(n, what, "diorama")])
            old = ""
            if a.before:
                b = statistics.median(walls[(n, what, "before")])
                old = " %.3f | %.0fx |" % (b, g / b)
            print("| %d | %s | %.3f |%s %.3f | %.0fx |" % (n, what, g, old, d, g / d))
    print("\nmedians of %d interleaved rounds; work files in %s" % (a.rounds, work))


if __name__ == "__main__":
    main()
