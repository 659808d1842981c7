#!/usr/bin/env python3
"""Fixed DefeatRoaches policies on sc2lite, through unmodified PySC2: what simple play scores,
as a yardstick for the learners (issue 37) and for the paper's random search (51 in the real
game, ../shared/spec/baseline-agents.md).

Usage: bench/defeat_roaches_policies.py SC2LITE PYTHON_PROTO_DIR SHARED_DIR WORK_DIR
       [--episodes N] [--policies A,B] [--play builtin|files] [--json FILE]

Policies (the Marines are selected with select_army whenever Attack_screen is not offered):
  pysc2_scripted  PySC2's own DefeatRoaches agent: Attack_screen the lowest enemy pixel, each step
  least_life      Attack_screen the enemy with the least life (unit_hit_points), each step: the
                  real map file's own demo AI (its DemoMode trigger) in feature-layer form
  attack_once     one Attack_screen at the enemies' centre, then no_op
  patrol_once     one Patrol_screen at the enemies' centre, then no_op
PySC2's defaults: step_mul 8, 84x84 screen, 64x64 minimap.
"""
import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "interop"))
import real_clients  # noqa: E402
from pysc2_agents import play  # noqa: E402  (PySC2's defaults: step_mul 8, 84x84 screen, 64x64 minimap)

POLICIES = ["pysc2_scripted", "least_life", "attack_once", "patrol_once"]
ENEMY = 4  # player_relative


class FixedPolicy:
    """One of the hand-written policies above, as a PySC2 agent (reset/step)."""

    def __init__(self, kind, actions):
        self.kind, self.functions = kind, actions.FUNCTIONS
        self.ordered = False

    def setup(self, observation_spec, action_spec):
        pass

    def reset(self):
        self.ordered = False

    def step(self, timestep):
        import numpy
        f, observation = self.functions, timestep.observation
        if f.Attack_screen.id not in observation.available_actions:
            return f.select_army("select") if f.select_army.id in observation.available_actions else f.no_op()
        screen = observation.feature_screen
        player_relative = numpy.asarray(screen.player_relative)
        enemy_y, enemy_x = (player_relative == ENEMY).nonzero()
        if len(enemy_x) == 0:
            return f.no_op()
        centre = [int(enemy_x.mean()), int(enemy_y.mean())]
        if self.kind in ("attack_once", "patrol_once"):
            if self.ordered:
                return f.no_op()
            self.ordered = True
            order = f.Attack_screen if self.kind == "attack_once" else f.Patrol_screen
            return order("now", centre)
        if self.kind == "least_life":
            life = numpy.asarray(screen.unit_hit_points)[enemy_y, enemy_x]
            own_y, own_x = (player_relative == 1).nonzero()
            own = (own_x.mean(), own_y.mean()) if len(own_x) else (centre[0], centre[1])
            # least life first; among equals the pixel nearest the Marines (the demo AI's start)
            key = life * 1e6 + (enemy_x - own[0]) ** 2 + (enemy_y - own[1]) ** 2
            i = int(numpy.argmin(key))
            return f.Attack_screen("now", [int(enemy_x[i]), int(enemy_y[i])])
        raise ValueError(self.kind)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sc2lite")
    parser.add_argument("proto_dir")
    parser.add_argument("shared_dir")
    parser.add_argument("work_dir")
    parser.add_argument("--episodes", type=int, default=30)
    parser.add_argument("--policies", default=",".join(POLICIES))
    parser.add_argument("--play", choices=["builtin", "files"], default="builtin",
                        help="builtin: sc2lite's own map folder; files: PySC2's real map file, run from its script")
    parser.add_argument("--json")
    args = parser.parse_args()
    unknown = [p for p in args.policies.split(",") if p not in POLICIES]
    if unknown:
        parser.error(f"unknown policies {unknown} (known: {', '.join(POLICIES)})")

    pysc2_dir = os.path.join(real_clients.clients_dir(args.shared_dir), "pysc2")
    real_map = os.path.join(pysc2_dir, "pysc2", "maps", "mini_games", "DefeatRoaches.SC2Map")
    real_clients.skip_unless_present(real_map, "PySC2 with its mini-game maps")
    os.makedirs(args.work_dir, exist_ok=True)
    maps = {"mini_games/DefeatRoaches.SC2Map": real_map} if args.play == "files" else {}
    os.environ["SC2PATH"] = real_clients.make_sc2path(args.sc2lite, args.work_dir, maps)
    sys.path[:0] = real_clients.python_path(args.work_dir, args.proto_dir, pysc2_dir).split(os.pathsep)

    from absl import flags
    from pysc2.agents import scripted_agent
    from pysc2.env import sc2_env
    from pysc2.lib import actions, features

    flags.FLAGS([sys.argv[0]])
    rows = []
    print("| policy | episodes | mean | min .. max | waves cleared (episodes over 30) | agent steps per episode |")
    print("|---|---:|---:|---|---:|---:|")
    for name in args.policies.split(","):
        agent = scripted_agent.DefeatRoaches() if name == "pysc2_scripted" else FixedPolicy(name, actions)
        with real_clients.RunningGame(args.sc2lite, args.work_dir) as game:  # SC2Env quits its game
            flags.FLAGS.sc2_port = game.port
            start = time.time()
            scores, steps = play(sc2_env, features, agent, "DefeatRoaches", args.episodes, random_seed=1)
            seconds = time.time() - start
        # A score over 30 needs a fourth Roach killed: the first wave cleared.
        row = {"policy": name, "episodes": len(scores), "mean": sum(scores) / len(scores),
               "min": min(scores), "max": max(scores), "over_30": sum(s > 30 for s in scores),
               "steps_per_episode": steps / len(scores), "seconds": seconds, "play": args.play}
        rows.append(row)
        print(f"| {name} | {row['episodes']} | {row['mean']:.1f} | {row['min']:.0f} .. {row['max']:.0f} | "
              f"{row['over_30']} | {row['steps_per_episode']:.0f} |", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
