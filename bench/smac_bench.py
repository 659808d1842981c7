#!/usr/bin/env python3
"""SMAC and SMACv2, unmodified, on sc2lite: environment steps per second with random agents,
and sc2lite's share of the time (issue 36 item 5); with --all, every scenario's outcomes (the
whole set behind the interop test).

Usage: bench/smac_bench.py SC2LITE PYTHON_PROTO_DIR SHARED_DIR WORK_DIR [--episodes N]
       [--maps A,B] [--all] [--json FILE]

SMAC launches sc2lite itself (SC2PATH, see tests/interop/smac_runs.py). Steps per second are
SMAC's own count: env.step calls over the seconds spent inside them (actions, 8 game loops,
the observation, SMAC's Python bookkeeping). The game's share is the CPU time of the sc2lite
process over the CPU time of both processes (they alternate: the client waits on the game).
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "interop"))
import smac_runs  # noqa: E402

SPEED_MAPS = ["3m", "8m", "27m_vs_30m", "MMM2", "3s5z_vs_3s6z"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sc2lite")
    parser.add_argument("proto_dir")
    parser.add_argument("shared_dir")
    parser.add_argument("work_dir")
    parser.add_argument("--episodes", type=int, default=10)
    parser.add_argument("--maps", help="comma-separated (default: the five of the speed table)")
    parser.add_argument("--all", action="store_true", help="every SMAC map and SMACv2's three races")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="write the rows here too")
    args = parser.parse_args()
    maps = (smac_runs.SMAC_MAPS + smac_runs.SMACV2_MAPS if args.all
            else args.maps.split(",") if args.maps else SPEED_MAPS)
    env, cwd = smac_runs.environment(args.sc2lite, args.proto_dir, args.shared_dir, args.work_dir)
    print("| map | episodes (won / lost / timeout) | mean steps | mean reward | env steps/s | sc2lite share of CPU | problems |")
    print("|---|---|---:|---:|---:|---:|---|")
    rows = []
    for name in maps:
        records, summary, out = smac_runs.play(name, args.episodes, args.seed, env, cwd, timeout=3600)
        problems = smac_runs.problems_of(name, args.episodes, records, summary)
        steps = sum(r["steps"] for r in records)
        seconds = sum(r["env_seconds"] for r in records)
        outcomes = [r["outcome"] for r in records]
        share = None
        if summary and summary.get("server_cpu_seconds") is not None:
            total = summary["server_cpu_seconds"] + summary["client_cpu_seconds"]
            share = summary["server_cpu_seconds"] / total if total > 0 else None
        row = {"map": name, "episodes": len(records), "won": outcomes.count("won"), "lost": outcomes.count("lost"),
               "timeout": outcomes.count("timeout"), "steps": steps, "env_seconds": seconds,
               "steps_per_second": steps / seconds if seconds > 0 else None,
               "mean_reward": sum(r["reward"] for r in records) / len(records) if records else None,
               "server_share": share, "problems": problems}
        rows.append(row)
        mean_steps = steps / len(records) if records else 0
        print(f"| {name} | {len(records)} ({row['won']} / {row['lost']} / {row['timeout']}) | {mean_steps:.1f} | "
              f"{row['mean_reward'] or 0:.2f} | {row['steps_per_second'] or 0:.0f} | "
              f"{'' if share is None else f'{100 * share:.0f}%'} | {'; '.join(problems) or 'none'} |", flush=True)
        if summary is None:
            print(out[-2000:], file=sys.stderr)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    sys.exit(1 if any(r["problems"] for r in rows) else 0)


if __name__ == "__main__":
    main()
