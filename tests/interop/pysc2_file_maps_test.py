#!/usr/bin/env python3
"""PySC2, unmodified, plays the seven real mini-game map files on sc2lite, run from the files.

Usage: pysc2_file_maps_test.py SC2LITE PYTHON_PROTO_DIR SHARED_DIR WORK_DIR

PySC2 reads a map's file and sends its bytes in create_game; sc2lite runs an archive's own
layout and trigger script (engine/scripted), no built-in rules. For each mini-game: PySC2's
RandomAgent plays one episode; on MoveToBeacon, CollectMineralShards and DefeatRoaches its
scripted agent plays one too. Checked:
  * sc2lite says it created the map from its map file (not the built-in of that name);
  * the episode lasts what the script's timer gives (step_mul 8: 240 steps for 1,920 game
    loops), or less on the maps whose defeat ends it early;
  * the scores are in the paper's ranges (baseline-agents.md): a random episode between the
    map's lowest score and the paper's best FullyConv episode (random play stays below what a
    learned agent reached), a scripted one far above random.
The game and the agent are seeded (SC2Env's random_seed, numpy's generator, which PySC2's
RandomAgent draws from), so every run plays the same episodes.

Exits 0 when all pass, 77 (skipped) when ../shared/clients is absent, 1 naming what failed.
"""
import os
import re
import shutil
import sys

import numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import real_clients  # noqa: E402

# name: (agent steps the episode timer gives at step_mul 8, whether a defeat can end it sooner,
#        lowest possible score (-1 per Marine lost), the paper's best FullyConv episode)
MAPS = {
    "MoveToBeacon": (240, False, 0, 45),
    "CollectMineralShards": (240, False, 0, 134),
    "FindAndDefeatZerglings": (360, True, -3, 56),
    "DefeatRoaches": (240, True, -9, 355),
    "DefeatZerglingsAndBanelings": (240, True, -9, 251),
    "CollectMineralsAndGas": (840, False, 0, 4130),
    "BuildMarines": (1800, False, 0, 42),
}
SEED = 5
# PySC2's scripted agents and the least one episode of theirs scores here (random: 1, 17, 1).
SCRIPTED = {"MoveToBeacon": 15, "CollectMineralShards": 50, "DefeatRoaches": 10}


def play_one(sc2_env, features, agent, map_name):
    """(score, agent steps) of one episode of `agent` on `map_name`."""
    with sc2_env.SC2Env(map_name=map_name, players=[sc2_env.Agent(sc2_env.Race.terran)],
                        agent_interface_format=features.AgentInterfaceFormat(
                            feature_dimensions=features.Dimensions(screen=84, minimap=64)),
                        step_mul=8, visualize=False, random_seed=SEED) as env:
        agent.setup(env.observation_spec()[0], env.action_spec()[0])
        numpy.random.seed(SEED)  # RandomAgent's choices
        timestep = env.reset()[0]
        agent.reset()
        score, steps = 0.0, 0
        while not timestep.last():
            timestep = env.step([agent.step(timestep)])[0]
            score += timestep.reward
            steps += 1
    return score, steps


def main():
    sc2lite, proto_dir, shared_dir, work_dir = sys.argv[1:5]
    pysc2_dir = os.path.join(real_clients.clients_dir(shared_dir), "pysc2")
    real_maps = os.path.join(pysc2_dir, "pysc2", "maps", "mini_games")
    real_clients.skip_unless_present(real_maps, "PySC2 with its mini-game maps")
    for name in MAPS:
        with open(os.path.join(real_maps, f"{name}.SC2Map"), "rb") as f:
            if f.read(3) != b"MPQ":
                print(f"skipped: {name}.SC2Map in ../shared is not a map archive; restore ../shared/clients")
                return real_clients.SKIP
    shutil.rmtree(work_dir, ignore_errors=True)
    os.makedirs(work_dir)
    maps = {f"mini_games/{m}.SC2Map": os.path.join(real_maps, f"{m}.SC2Map") for m in MAPS}
    os.environ["SC2PATH"] = real_clients.make_sc2path(sc2lite, work_dir, maps)
    sys.path[:0] = real_clients.python_path(work_dir, proto_dir, pysc2_dir).split(os.pathsep)

    from absl import flags
    from pysc2.agents import random_agent, scripted_agent
    from pysc2.env import sc2_env
    from pysc2.lib import features

    flags.FLAGS([sys.argv[0]])
    failures = []
    for map_name, (limit, ends_early, lowest, paper_best_learned) in MAPS.items():
        agents = [("random", random_agent.RandomAgent(), lambda s: lowest <= s <= paper_best_learned)]
        if map_name in SCRIPTED:
            least = SCRIPTED[map_name]
            agents.append(("scripted", getattr(scripted_agent, map_name)(), lambda s, least=least: s >= least))
        for agent_name, agent, score_ok in agents:
            def play(port, agent=agent, map_name=map_name):
                flags.FLAGS.sc2_port = port
                return play_one(sc2_env, features, agent, map_name)
            outcome, error, log = real_clients.play_in_own_game(sc2lite, work_dir, play)
            score, steps = outcome if outcome else (None, None)
            what = f"{map_name} {agent_name}: score {score}, {steps} steps"
            problems = [error] if error else []
            if not re.search(rf"created {map_name} \(from its map file\)", log):
                problems.append("sc2lite did not create it from its map file")
            if steps is not None and (steps > limit or (steps < limit and not ends_early)):
                problems.append(f"expected {'at most ' if ends_early else ''}{limit} steps")
            if score is not None and not score_ok(score):
                problems.append("score outside the expected range")
            real_clients.report(what, problems, log, failures)
    if failures:
        print("\n\n".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
