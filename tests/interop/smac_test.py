#!/usr/bin/env python3
"""SMAC and SMACv2, unmodified, run every scenario on sc2lite with random agents.

Usage: smac_test.py SC2LITE PYTHON_PROTO_DIR SHARED_DIR WORK_DIR [EPISODES]

For each of SMAC's 23 maps and SMACv2's 10gen_terran, 10gen_protoss and 10gen_zerg (5 vs 5):
SMAC's StarCraft2Env (SMACv2's StarCraftCapabilityEnvWrapper) launches sc2lite from SC2PATH,
creates the game from the real map file with a VeryHard Computer opponent, and random agents
(uniform over SMAC's available actions, seeded) play EPISODES episodes (default 2: the second
starts after SMAC's reset kills every unit and the map, or SMACv2's debug create_unit, makes the
armies again in the same game). Checked per map:
  * every episode ends in a win, a loss or SMAC's step limit, never past the limit;
  * no error: the client did not fail, and SMAC did not restart the game after a protocol error
    (it does that silently and counts it in force_restarts);
  * units fight: some unit lost life or shields.

Exits 0 when all pass, 77 (skipped) when ../shared/clients is absent, 1 naming what failed.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import real_clients  # noqa: E402
import smac_runs  # noqa: E402


def main():
    sc2lite, proto_dir, shared_dir, work_dir = sys.argv[1:5]
    episodes = int(sys.argv[5]) if len(sys.argv) > 5 else 2
    env, cwd = smac_runs.environment(sc2lite, proto_dir, shared_dir, work_dir)
    failures = []
    for name in smac_runs.SMAC_MAPS + smac_runs.SMACV2_MAPS:
        records, summary, out = smac_runs.play(name, episodes, seed=1, env=env, cwd=cwd, timeout=600)
        problems = smac_runs.problems_of(name, episodes, records, summary)
        outcomes = ", ".join(f"{r['outcome']} in {r['steps']}" for r in records)
        real_clients.report(f"{name}: {outcomes}", problems, out, failures)
    if failures:
        print("\n\n".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
