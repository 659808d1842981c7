#!/usr/bin/env python3
"""PySC2 itself, unmodified, plays every mini-game on sc2lite.

Usage: pysc2_play_test.py SC2LITE PYTHON_PROTO_DIR SHARED_DIR WORK_DIR

1. `python -m pysc2.bin.play --map <mini-game>` as people play a mini-game by hand: PySC2's
   `play` creates the game with a Participant *and a Computer* whatever the map, then steps
   until the game reports a result. Run on all seven maps (without its window, `--norender`,
   at step_mul 8) to the end of an episode.
2. The same with its pygame viewer (SDL's dummy video driver) on MoveToBeacon for 400 game
   loops: the whole human renderer reads our observations.
3. `python -m pysc2.bin.agent` with PySC2's random agent for two MoveToBeacon episodes (the
   second after PySC2's RequestRestartGame): PySC2 counts 241 steps each (the first
   observation and 240 steps of 8 loops: 1,920 game loops, the map's 120 game seconds).

Exits 0 when all pass, 77 (skipped) when ../shared/clients is absent, 1 with the client's
output otherwise.
"""
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import real_clients  # noqa: E402

MINI_GAMES = ["MoveToBeacon", "CollectMineralShards", "FindAndDefeatZerglings", "DefeatRoaches",
              "DefeatZerglingsAndBanelings", "CollectMineralsAndGas", "BuildMarines"]


def main():
    sc2lite, proto_dir, shared_dir, work_dir = sys.argv[1:5]
    pysc2_dir = os.path.join(real_clients.clients_dir(shared_dir), "pysc2")
    real_maps = os.path.join(pysc2_dir, "pysc2", "maps", "mini_games")
    real_clients.skip_unless_present(real_maps, "PySC2 with its mini-game maps")
    shutil.rmtree(work_dir, ignore_errors=True)
    os.makedirs(work_dir)
    maps = {f"mini_games/{name}.SC2Map": os.path.join(real_maps, f"{name}.SC2Map") for name in MINI_GAMES}
    sc2path = real_clients.make_sc2path(sc2lite, work_dir, maps)
    pythonpath = real_clients.python_path(work_dir, proto_dir, pysc2_dir)
    env = real_clients.client_env(sc2path, pythonpath)
    failures = []

    def check(what, args, expect, extra_env=None, timeout=600):
        code, out = real_clients.run([sys.executable, *args], env | (extra_env or {}), work_dir, timeout)
        missing = [pattern for pattern in expect if not re.search(pattern, out)]
        if code != 0 or missing:
            failures.append(f"{what}: exit {code}, missing {missing}\n{out[-3000:]}")
            print(f"FAIL {what}")
        else:
            print(f"ok   {what}")
        return out

    for name in MINI_GAMES:
        check(f"play --map {name} (Participant + Computer) to the episode's end",
              ["-m", "pysc2.bin.play", "--map", name, "--norender", "--step_mul", "8", "--fps", "100000"],
              [r"Score:\s+-?\d+", r"result: (Victory|Defeat|Tie)"])

    check("play --map MoveToBeacon with PySC2's pygame viewer, 400 game loops",
          ["-m", "pysc2.bin.play", "--map", "MoveToBeacon", "--max_game_steps", "400", "--fps", "100000",
           "--nosave_replay"],
          [], extra_env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})

    # PySC2 4.0's SC2Env cannot launch a game (google-deepmind/pysc2#351: it hands Popen an
    # argument it does not take), so, as its users do, the game runs first and --sc2_port names it.
    with real_clients.RunningGame(sc2lite, work_dir) as game:
        check("agent --map MoveToBeacon: two episodes of 241 PySC2 steps each (1,920 game loops)",
              ["-m", "pysc2.bin.agent", "--map", "MoveToBeacon", "--norender", "--max_episodes", "2",
               "--agent", "pysc2.agents.random_agent.RandomAgent", "--nosave_replay",
               "--sc2_port", str(game.port)],
              [r"for 482 steps"])

    if failures:
        print("\n\n".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
