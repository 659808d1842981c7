#!/usr/bin/env python3
"""The paper's Table 1 on this machine (issue 37): sc2train from scratch on each mini-game with
the defaults `sc2train --map NAME` uses, at most one run per core, then each run's best.pt played
by sc2agent (sampled and greedy); prints the table for learning/README.md and bench/RESULTS.md.

Usage: bench/table1.py BIN_DIR OUT_DIR [--maps A,B] [--seeds 1,2] [--minutes 180]
       [--parallel 2] [--episodes 30] [--marks 10,30,60,120,180] [--extra "--algorithm ppo"]
       [--report-only]

BIN_DIR holds sc2train and sc2agent (build/release/bin). Each run writes OUT_DIR/MAP_sSEED/
(progress.csv, checkpoint.pt, best.pt) and its log beside it; a run whose folder already has a
checkpoint.pt is not started again (--report-only reports what is there). Runs are niced (10),
as long training belongs beside other work, and the machine's load average is sampled every
minute into OUT_DIR/load.log so the table can say how loaded the machine was.
"""
import argparse
import csv
import os
import re
import subprocess
import sys
import threading
import time

# Paper (FullyConv, best mean of its runs), reaver (A2C, its hours), our target (issue 37).
REFERENCE = {
    "MoveToBeacon": (26, "26.3 (0.5 h)", 25),
    "CollectMineralShards": (103, "102.8 (50 h)", 90),
    "DefeatRoaches": (100, "72.5 (150 h)", 60),
    "FindAndDefeatZerglings": (45, "22.1 (20 h)", 30),
    "DefeatZerglingsAndBanelings": (62, "56.8 (15 h)", 60),
    "CollectMineralsAndGas": (3978, "2,267 (10 h)", 2000),
    "BuildMarines": (3, "-", 3),
}


def run_dir(out, map_name, seed):
    return os.path.join(out, f"{map_name}_s{seed}")


def train(bin_dir, out, map_name, seed, minutes, extra):
    folder = run_dir(out, map_name, seed)
    if os.path.exists(os.path.join(folder, "checkpoint.pt")):
        print(f"table1: {folder} has a checkpoint: not trained again", flush=True)
        return
    command = ["nice", "-n", "10", os.path.join(bin_dir, "sc2train"), "--map", map_name, "--seed", str(seed),
               "--minutes", str(minutes), "--out", folder, "--quiet"] + extra
    print("table1: " + " ".join(command), flush=True)
    with open(folder + ".log", "w") as log:
        subprocess.run(command, stdout=log, stderr=subprocess.STDOUT, check=False)


def sample_load(path, stop):
    with open(path, "a") as log:
        while not stop.is_set():
            with open("/proc/loadavg") as f:
                log.write(f"{int(time.time())} {f.read().split()[0]}\n")
            log.flush()
            stop.wait(60)


def progress(folder):
    path = os.path.join(folder, "progress.csv")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return list(csv.DictReader(f))


def at_minute(rows, minute):
    """Steps and mean score of the last update at or before `minute` of wall time."""
    seen = [r for r in rows if float(r["wall_seconds"]) <= minute * 60]
    if not seen:
        return None
    last = seen[-1]
    return int(last["steps"]), float(last["mean_score"])


def play(bin_dir, checkpoint, episodes, greedy):
    command = [os.path.join(bin_dir, "sc2agent"), "--agent", "learned", "--checkpoint", checkpoint,
               "--episodes", str(episodes), "--seed", "1"] + (["--greedy"] if greedy else [])
    result = subprocess.run(["nice", "-n", "10"] + command, capture_output=True, text=True, check=False)
    match = re.search(r"mean score ([-0-9.]+)", result.stdout)
    return float(match.group(1)) if match else None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bin_dir")
    parser.add_argument("out_dir")
    parser.add_argument("--maps", default=",".join(REFERENCE))
    parser.add_argument("--seeds", default="1")
    parser.add_argument("--minutes", type=float, default=180)
    parser.add_argument("--parallel", type=int, default=2, help="runs at once (one per core)")
    parser.add_argument("--episodes", type=int, default=30, help="episodes best.pt plays, sampled and greedy")
    parser.add_argument("--marks", default="10,30,60,120,180", help="minutes at which the curve is reported")
    parser.add_argument("--extra", default="", help="more sc2train flags for every run")
    parser.add_argument("--report-only", action="store_true")
    args = parser.parse_args()

    maps = [m for m in args.maps.split(",") if m]
    unknown = [m for m in maps if m not in REFERENCE]
    if unknown:
        sys.exit(f"table1: unknown map(s) {', '.join(unknown)} (known: {', '.join(REFERENCE)})")
    seeds = [int(s) for s in args.seeds.split(",") if s]
    marks = [float(m) for m in args.marks.split(",") if m]
    os.makedirs(args.out_dir, exist_ok=True)
    jobs = [(m, s) for m in maps for s in seeds]

    if not args.report_only:
        stop = threading.Event()
        sampler = threading.Thread(target=sample_load, args=(os.path.join(args.out_dir, "load.log"), stop), daemon=True)
        sampler.start()
        pending = list(jobs)
        running = []
        while pending or running:
            while pending and len(running) < args.parallel:
                m, s = pending.pop(0)
                thread = threading.Thread(target=train, args=(args.bin_dir, args.out_dir, m, s, args.minutes,
                                                              args.extra.split()))
                thread.start()
                running.append(thread)
            running[0].join(timeout=5)
            running = [t for t in running if t.is_alive()]
        stop.set()

    header = ["map", "seed", "steps", "hours"] + [f"mean at {m:g} min" for m in marks] + \
             ["end (last 100)", "best window", "best.pt sampled", "best.pt greedy", "paper", "reaver", "target", "met"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for m, s in jobs:
        folder = run_dir(args.out_dir, m, s)
        rows = progress(folder)
        if not rows:
            print(f"| {m} | {s} | no run |")
            continue
        last = rows[-1]
        end = float(last["mean_score"])
        full = [float(r["mean_score"]) for r in rows if int(r["episodes"]) >= 100]
        best = max(full) if full else None
        curve = []
        for mark in marks:
            point = at_minute(rows, mark)
            curve.append(f"{point[1]:.2f}" if point else "")
        best_file = os.path.join(folder, "best.pt")
        sampled = play(args.bin_dir, best_file, args.episodes, False) if os.path.exists(best_file) else None
        greedy = play(args.bin_dir, best_file, args.episodes, True) if os.path.exists(best_file) else None
        paper, reaver, target = REFERENCE[m]
        cells = [m, str(s), last["steps"], f"{float(last['wall_seconds']) / 3600:.2f}"] + curve + \
                [f"{end:.2f}", f"{best:.2f}" if best is not None else "",
                 f"{sampled:.2f}" if sampled is not None else "", f"{greedy:.2f}" if greedy is not None else "",
                 str(paper), reaver, f">= {target}", "yes" if end >= target else "no"]
        print("| " + " | ".join(cells) + " |", flush=True)
    load_path = os.path.join(args.out_dir, "load.log")
    if os.path.exists(load_path):
        with open(load_path) as f:
            loads = [float(line.split()[1]) for line in f if line.strip()]
        if loads:
            loads.sort()
            print(f"\nload average over the runs: median {loads[len(loads) // 2]:.1f}, "
                  f"range {loads[0]:.1f}-{loads[-1]:.1f} ({len(loads)} samples)")


if __name__ == "__main__":
    main()
