#!/usr/bin/env python3
"""PySC2's own agents, unmodified, on sc2lite: their mean scores per mini-game, beside the
paper's random-policy figures (../shared/spec/baseline-agents.md).

Usage: bench/pysc2_agents.py SC2LITE PYTHON_PROTO_DIR SHARED_DIR WORK_DIR [--episodes N]
       [--maps A,B] [--json FILE] [--play builtin|files]

PySC2 is imported as a library from ../shared/clients (not ours, never copied); its SC2Env
connects to an sc2lite this script starts (--sc2_port: PySC2 4.0's SC2Env cannot launch a game
itself, google-deepmind/pysc2#351). Each map plays PySC2's RandomAgent and, where PySC2 has
one, its scripted agent, at PySC2's defaults (step_mul 8, 84x84 screen, 64x64 minimap).
"""
import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "interop"))
import real_clients  # noqa: E402

MAPS = ["MoveToBeacon", "CollectMineralShards", "FindAndDefeatZerglings", "DefeatRoaches",
        "DefeatZerglingsAndBanelings", "CollectMineralsAndGas", "BuildMarines"]
# The paper's random policy (mean episode score), baseline-agents.md.
PAPER_RANDOM = {"MoveToBeacon": "1", "CollectMineralShards": "17", "FindAndDefeatZerglings": "4",
                "DefeatRoaches": "1", "DefeatZerglingsAndBanelings": "23", "CollectMineralsAndGas": "12",
                "BuildMarines": "<1"}
SCRIPTED = {"MoveToBeacon": "MoveToBeacon", "CollectMineralShards": "CollectMineralShards",
            "DefeatRoaches": "DefeatRoaches"}


def play(sc2_env, features, agent, map_name, episodes, random_seed=None):
    """Scores of `episodes` episodes of `agent` on `map_name`, and the agent steps played."""
    scores, steps = [], 0
    with sc2_env.SC2Env(map_name=map_name, players=[sc2_env.Agent(sc2_env.Race.terran)],
                        agent_interface_format=features.AgentInterfaceFormat(
                            feature_dimensions=features.Dimensions(screen=84, minimap=64)),
                        step_mul=8, visualize=False, random_seed=random_seed) as env:
        agent.setup(env.observation_spec()[0], env.action_spec()[0])
        for _ in range(episodes):
            timestep = env.reset()[0]
            agent.reset()
            score = 0.0
            while not timestep.last():
                timestep = env.step([agent.step(timestep)])[0]
                score += timestep.reward
                steps += 1
            scores.append(score)
    return scores, steps


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sc2lite")
    parser.add_argument("proto_dir")
    parser.add_argument("shared_dir")
    parser.add_argument("work_dir")
    parser.add_argument("--episodes", type=int, default=30)
    parser.add_argument("--maps", default=",".join(MAPS))
    parser.add_argument("--json")
    parser.add_argument("--play", choices=["builtin", "files"], default="builtin",
                        help="builtin: sc2lite's own map folders (the layout keeps --install-layout's "
                             "placeholders, so PySC2's map_data is no archive and the built-in plays); "
                             "files: PySC2's real map files, run from their scripts")
    args = parser.parse_args()

    pysc2_dir = os.path.join(real_clients.clients_dir(args.shared_dir), "pysc2")
    real_maps = os.path.join(pysc2_dir, "pysc2", "maps", "mini_games")
    real_clients.skip_unless_present(real_maps, "PySC2 with its mini-game maps")
    os.makedirs(args.work_dir, exist_ok=True)
    maps = {f"mini_games/{m}.SC2Map": os.path.join(real_maps, f"{m}.SC2Map") for m in MAPS} if args.play == "files" else {}
    os.environ["SC2PATH"] = real_clients.make_sc2path(args.sc2lite, args.work_dir, maps)
    sys.path[:0] = real_clients.python_path(args.work_dir, args.proto_dir, pysc2_dir).split(os.pathsep)

    from absl import flags
    from pysc2.agents import random_agent, scripted_agent
    from pysc2.env import sc2_env
    from pysc2.lib import features

    flags.FLAGS([sys.argv[0]])
    rows = []
    for map_name in args.maps.split(","):
        agents = [("random", random_agent.RandomAgent())]
        if map_name in SCRIPTED:
            agents.append(("scripted", getattr(scripted_agent, SCRIPTED[map_name])()))
        for name, agent in agents:
            # SC2Env quits the game it closes: a game of its own for each run.
            with real_clients.RunningGame(args.sc2lite, args.work_dir) as game:
                flags.FLAGS.sc2_port = game.port
                start = time.time()
                scores, steps = play(sc2_env, features, agent, map_name, args.episodes)
                seconds = time.time() - start
            row = {"map": map_name, "agent": name, "episodes": len(scores),
                   "mean": sum(scores) / len(scores), "max": max(scores), "min": min(scores),
                   "steps_per_episode": steps / len(scores), "seconds": seconds,
                   "paper_random": PAPER_RANDOM[map_name]}
            rows.append(row)
            print(f"| {map_name} | PySC2 {name} | {row['episodes']} | {row['mean']:.1f} | {row['min']:.0f} .. "
                  f"{row['max']:.0f} | {row['steps_per_episode']:.0f} | {row['paper_random']} |", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
