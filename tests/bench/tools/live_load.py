#!/usr/bin/env python3
"""Load on the live link: a player runs a scene in real time with --inspect while clients hammer
the object endpoints; reports the tick rate the player held, the time it dropped, request
latencies (p50/p99) and its RSS at the start and the end. A benchmark, never a test.

  python3 tests/bench/tools/live_load.py --player build/release/bin/diorama-player \
      --project /tmp/live_bounce --rate 500 --seconds 60 --connections 4

The project is any project (e.g. `diorama-scenegen /tmp/live_bounce bounce 10000`). Each
connection keeps one HTTP/1.1 connection alive and sends its share of --rate requests per second:
a page of 100 objects, one object, and one field edit in ten.
"""
import argparse
import http.client
import json
import re
import signal
import subprocess
import threading
import time


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def percentile(values, p):
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(p / 100.0 * len(ordered))) - 1))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--player", required=True)
    ap.add_argument("--project", required=True)
    ap.add_argument("--rate", type=float, default=500.0)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--connections", type=int, default=4)
    a = ap.parse_args()

    player = subprocess.Popen([a.player, "run", a.project, "--realtime", "--inspect", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = ""
    while "live link:" not in line:
        line = player.stderr.readline()
        if not line:
            raise SystemExit("the player did not start its live link")
    m = re.search(r"http://127\.0\.0\.1:(\d+) \(token (\S+)\)", line)
    port, token = int(m.group(1)), m.group(2)
    headers = {"Authorization": "Bearer " + token, "Content-Type": "application/json"}
    # The rest of stderr is drained so the player never blocks on it.
    err_lines = []
    threading.Thread(target=lambda: err_lines.extend(player.stderr), daemon=True).start()

    def request(conn, method, path, body=None):
        conn.request(method, path, body=body, headers=headers)
        res = conn.getresponse()
        data = res.read()
        return res.status, data

    probe = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    _, data = request(probe, "GET", "/api/v1/objects?limit=1000")
    guids = [o["guid"] for o in json.loads(data)["objects"]]
    time.sleep(1.0)  # the scene settles
    _, data = request(probe, "GET", "/api/v1/world")
    start_tick = json.loads(data)["tick"]
    start_wall = time.monotonic()
    rss_start = rss_kib(player.pid)

    latencies = []
    statuses = {}
    lock = threading.Lock()
    deadline = start_wall + a.seconds
    interval = a.connections / a.rate

    def client(index):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        n = 0
        next_at = time.monotonic() + index * interval / a.connections
        while True:
            now = time.monotonic()
            if now >= deadline:
                break
            if now < next_at:
                time.sleep(next_at - now)
            next_at += interval
            guid = guids[(n * 7919 + index) % len(guids)]
            if n % 10 == 9:
                method, path = "PATCH", "/api/v1/objects/" + guid
                body = json.dumps({"path": "Transform2D.rotation_deg", "value": 0.0})
            elif n % 2 == 0:
                method, path, body = "GET", f"/api/v1/objects?offset={n % 9000}&limit=100", None
            else:
                method, path, body = "GET", "/api/v1/objects/" + guid, None
            t0 = time.monotonic()
            try:
                status, _ = request(conn, method, path, body)
            except (OSError, http.client.HTTPException):
                status = "error"
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            t1 = time.monotonic()
            with lock:
                latencies.append((t1 - t0) * 1000.0)
                statuses[status] = statuses.get(status, 0) + 1
            n += 1

    threads = [threading.Thread(target=client, args=(i,)) for i in range(a.connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    end_wall = time.monotonic()
    probe = http.client.HTTPConnection("127.0.0.1", port, timeout=10)  # idle ones are closed
    _, data = request(probe, "GET", "/api/v1/world")
    world = json.loads(data)
    end_tick = world["tick"]
    rss_end = rss_kib(player.pid)
    player.send_signal(signal.SIGINT)
    out, _ = player.communicate(timeout=30)
    dropped = re.search(r"dropped: ([0-9.]+) s", out)

    wall = end_wall - start_wall
    print(f"requests: {len(latencies)} in {wall:.1f} s = {len(latencies) / wall:.0f}/s "
          f"over {a.connections} connections; statuses {statuses}")
    print(f"latency ms: p50 {percentile(latencies, 50):.2f}  p99 {percentile(latencies, 99):.2f}  "
          f"max {max(latencies):.2f}")
    print(f"ticks: {end_tick - start_tick} in {wall:.1f} s = {(end_tick - start_tick) / wall:.2f} "
          f"ticks/s (60 Hz); dropped: {dropped.group(1) if dropped else '0'} s; "
          f"tick ms mean {world['tick_ms']['mean']:.3f} p99 {world['tick_ms']['p99']:.3f}")
    print(f"player RSS: {rss_start / 1024:.1f} MiB at start, {rss_end / 1024:.1f} MiB at end")


if __name__ == "__main__":
    main()
