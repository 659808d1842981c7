#!/usr/bin/env python3
"""PySC2, unmodified, plays a mini-game of our own that is only a map folder (issue 35 item 2).

Usage: pysc2_custom_map_test.py SC2LITE PYTHON_PROTO_DIR SHARED_DIR WORK_DIR SOURCE_DIR

The worked example examples/maps/mini_games/TwoBeacons.SC2Map (engine/README.md "Making a
mini-game") is packed with `sc2lite --pack` into an SC2PATH's Maps/mini_games/, as a map maker
would, and PySC2 is told about it the way its users add a map: a class of their own deriving from
its MiniGame. Then:
  * PySC2's RandomAgent plays one episode: 120 steps at step_mul 8 (the script's 60 game
    seconds), and sc2lite's log says it created TwoBeacons from its map file;
  * a small agent of this test (select the army, move to the nearest beacon on the screen) scores
    on both beacons: at least 8 in an episode.

Exits 0 when all pass, 77 (skipped) when ../shared/clients is absent, 1 naming what failed.
"""
import os
import re
import shutil
import subprocess
import sys

import numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import real_clients  # noqa: E402

SEED = 3
STEPS = 120  # 960 game loops at step_mul 8


def nearest_beacon_agent(base_agent, actions, features):
    """Selects the army, then moves it to the neutral screen pixel nearest the Marine."""
    neutral = features.PlayerRelative.NEUTRAL
    own = features.PlayerRelative.SELF

    class NearestBeacon(base_agent.BaseAgent):
        def step(self, obs):
            super().step(obs)
            if actions.FUNCTIONS.Move_screen.id not in obs.observation.available_actions:
                return actions.FUNCTIONS.select_army("select")
            relative = obs.observation.feature_screen.player_relative
            beacon_y, beacon_x = (relative == neutral).nonzero()
            marine_y, marine_x = (relative == own).nonzero()
            if not beacon_x.size or not marine_x.size:
                return actions.FUNCTIONS.no_op()
            marine = numpy.array([marine_x.mean(), marine_y.mean()])
            distances = (beacon_x - marine[0]) ** 2 + (beacon_y - marine[1]) ** 2
            target = int(distances.argmin())
            return actions.FUNCTIONS.Move_screen("now", [int(beacon_x[target]), int(beacon_y[target])])

    return NearestBeacon()


def play_one(sc2_env, features, agent):
    with sc2_env.SC2Env(map_name="TwoBeacons", players=[sc2_env.Agent(sc2_env.Race.terran)],
                        agent_interface_format=features.AgentInterfaceFormat(
                            feature_dimensions=features.Dimensions(screen=64, minimap=64)),
                        step_mul=8, visualize=False, random_seed=SEED) as env:
        agent.setup(env.observation_spec()[0], env.action_spec()[0])
        numpy.random.seed(SEED)
        timestep = env.reset()[0]
        agent.reset()
        score, steps = 0.0, 0
        while not timestep.last():
            timestep = env.step([agent.step(timestep)])[0]
            score += timestep.reward
            steps += 1
    return score, steps


def main():
    sc2lite, proto_dir, shared_dir, work_dir, source_dir = sys.argv[1:6]
    pysc2_dir = os.path.join(real_clients.clients_dir(shared_dir), "pysc2")
    real_clients.skip_unless_present(pysc2_dir, "PySC2")
    shutil.rmtree(work_dir, ignore_errors=True)
    os.makedirs(work_dir)
    packed = os.path.join(work_dir, "TwoBeacons.SC2Map")
    folder = os.path.join(source_dir, "examples", "maps", "mini_games", "TwoBeacons.SC2Map")
    subprocess.run([sc2lite, "--pack", folder, packed], check=True, stdout=subprocess.DEVNULL)
    os.environ["SC2PATH"] = real_clients.make_sc2path(sc2lite, work_dir, {"mini_games/TwoBeacons.SC2Map": packed})
    sys.path[:0] = real_clients.python_path(work_dir, proto_dir, pysc2_dir).split(os.pathsep)

    from absl import flags
    from pysc2.agents import base_agent, random_agent
    from pysc2.env import sc2_env
    from pysc2.lib import actions, features
    from pysc2.maps import mini_games

    # How a PySC2 user adds a map: a class of its own (PySC2 finds Map subclasses by name).
    type("TwoBeacons", (mini_games.MiniGame,), {"filename": "TwoBeacons"})

    flags.FLAGS([sys.argv[0]])
    failures = []
    runs = [("random", random_agent.RandomAgent(), lambda s: s >= 0),
            ("nearest beacon", nearest_beacon_agent(base_agent, actions, features), lambda s: s >= 8)]
    for agent_name, agent, score_ok in runs:
        def play(port, agent=agent):
            flags.FLAGS.sc2_port = port
            return play_one(sc2_env, features, agent)
        outcome, error, log = real_clients.play_in_own_game(sc2lite, work_dir, play)
        score, steps = outcome if outcome else (None, None)
        what = f"TwoBeacons {agent_name}: score {score}, {steps} steps"
        problems = [error] if error else []
        if not re.search(r"created TwoBeacons \(from its map file\)", log):
            problems.append("sc2lite did not create it from its map file")
        if steps is not None and steps != STEPS:
            problems.append(f"expected {STEPS} steps")
        if score is not None and not score_ok(score):
            problems.append("score outside the expected range")
        real_clients.report(what, problems, log, failures)
    if failures:
        print("\n\n".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
