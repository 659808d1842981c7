"""Runs unmodified SMAC and SMACv2 (../shared/clients) against sc2lite with random agents.

Shared by the interop test (smac_test.py) and the benchmark (bench/smac_bench.py). SMAC launches
its game itself, through PySC2's run_config: SC2PATH is a layout of `sc2lite --install-layout`
whose Maps/SMAC_Maps/ are links to the clients' real map files. Each map runs in a child Python
process of its own (SMAC keeps module-level state, and a crash must not take the others along);
the child prints one JSON line per episode.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import real_clients  # noqa: E402

# The 23 SMAC maps (spec sc2-map-files.md §3.2) and SMACv2's three generated races.
SMAC_MAPS = ["3m", "8m", "25m", "5m_vs_6m", "8m_vs_9m", "10m_vs_11m", "27m_vs_30m", "MMM", "MMM2", "2s3z",
             "3s5z", "3s5z_vs_3s6z", "3s_vs_3z", "3s_vs_4z", "3s_vs_5z", "1c3s5z", "2m_vs_1z", "corridor",
             "6h_vs_8z", "2s_vs_1sc", "so_many_baneling", "bane_vs_bane", "2c_vs_64zg"]
SMACV2_MAPS = ["10gen_terran", "10gen_protoss", "10gen_zerg"]

# SMACv2's own example teams (smacv2/examples/configs/sc2_gen_*.yaml), 5 vs 5.
_V2_TEAMS = {
    "10gen_terran": (["marine", "marauder", "medivac"], ["medivac"]),
    "10gen_protoss": (["stalker", "zealot", "colossus"], None),
    "10gen_zerg": (["zergling", "hydralisk", "baneling"], ["baneling"]),
}

# The child: plays `episodes` episodes of one map, one JSON line each, then a summary line.
_CHILD = r'''
import json, sys, time
import numpy as np
kind, name, episodes, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
teams = json.loads(sys.argv[5])
if kind == "smac":
    from smac.env import StarCraft2Env
    env = StarCraft2Env(map_name=name, seed=seed)
else:
    from smacv2.env.starcraft2.wrapper import StarCraftCapabilityEnvWrapper
    types, exceptions = teams
    team_gen = {"dist_type": "weighted_teams", "unit_types": types, "weights": [0.45, 0.45, 0.1], "observe": True}
    if exceptions:
        team_gen["exception_unit_types"] = exceptions
    config = {"n_units": 5, "n_enemies": 5, "team_gen": team_gen,
              "start_positions": {"dist_type": "surrounded_and_reflect", "p": 0.5, "map_x": 32, "map_y": 32}}
    env = StarCraftCapabilityEnvWrapper(capability_config=config, map_name=name, conic_fov=False,
                                        use_unit_ranges=True, min_attack_range=2, obs_own_pos=True,
                                        fully_observable=False, seed=seed)
rng = np.random.RandomState(seed)
inner = env.env if hasattr(env, "env") else env
n = env.get_env_info()["n_agents"]

def vitals(units):
    return sum(u.health + u.shield for u in units.values())

def off_grid(units):
    """Ground units standing where SMAC's pathing grid (as it decodes game_info) says no unit
    can: a grid flipped or shifted against the map shows here."""
    return sum(1 for u in units.values() if not u.is_flying and not inner.pathing_grid[int(u.pos.x), int(u.pos.y)])

for episode in range(episodes):
    env.reset()
    allies0, enemies0 = vitals(inner.agents), vitals(inner.enemies)
    unpathable = off_grid(inner.agents) + off_grid(inner.enemies)
    timeouts0 = inner.timeouts
    done, reward, steps, env_time = False, 0.0, 0, 0.0
    info = {}
    while not done:
        actions = [rng.choice(np.nonzero(env.get_avail_agent_actions(a))[0]) for a in range(n)]
        start = time.perf_counter()
        r, done, info = env.step(actions)
        env_time += time.perf_counter() - start
        reward += r
        steps += 1
    if inner.timeouts > timeouts0:
        outcome = "timeout"
    elif info.get("battle_won"):
        outcome = "won"
    elif "dead_allies" in info:
        outcome = "lost"
    else:
        outcome = "error"  # SMAC returns (0, True, {}) after a protocol error and restarts the game
    print(json.dumps({"episode": episode, "outcome": outcome, "steps": steps, "reward": reward,
                      "ally_damage": allies0 - vitals(inner.agents), "enemy_damage": enemies0 - vitals(inner.enemies),
                      "env_seconds": env_time, "limit": inner.episode_limit, "off_grid": unpathable}), flush=True)
def server_cpu_seconds():
    """CPU time the game process (sc2lite) has used so far, from /proc; None when unknown."""
    try:
        pid = inner._sc2_proc._proc.pid
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        import os
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (AttributeError, OSError, IndexError, ValueError):
        return None
print(json.dumps({"restarts": inner.force_restarts, "server_cpu_seconds": server_cpu_seconds(),
                  "client_cpu_seconds": time.process_time()}), flush=True)
env.close()
'''


def environment(sc2lite, proto_dir, shared_dir, work_dir):
    """(env, cwd) for the child processes: SC2PATH with both clients' maps, PYTHONPATH with
    SMAC, SMACv2, PySC2 and our protocol classes. Exits as skipped when the clients are absent."""
    clients = real_clients.clients_dir(shared_dir)
    smac_maps = os.path.join(clients, "smac/smac/env/starcraft2/maps/SMAC_Maps")
    v2_maps = os.path.join(clients, "smacv2/smacv2/env/starcraft2/maps/SMAC_Maps")
    real_clients.skip_unless_present(smac_maps, "SMAC")
    real_clients.skip_unless_present(v2_maps, "SMACv2")
    maps = {f"SMAC_Maps/{f}": os.path.join(v2_maps, f) for f in os.listdir(v2_maps) if f.endswith(".SC2Map")}
    maps.update({f"SMAC_Maps/{f}": os.path.join(smac_maps, f) for f in os.listdir(smac_maps) if f.endswith(".SC2Map")})
    os.makedirs(work_dir, exist_ok=True)
    sc2path = real_clients.make_sc2path(sc2lite, work_dir, maps)
    pythonpath = real_clients.python_path(work_dir, proto_dir, os.path.join(clients, "smac"))
    pythonpath = os.pathsep.join([pythonpath, os.path.join(clients, "smacv2"), os.path.join(clients, "pysc2")])
    return real_clients.client_env(sc2path, pythonpath), work_dir


def play(map_name, episodes, seed, env, cwd, timeout):
    """Plays one map in a child process: (episode records, the closing summary -- restarts, CPU
    seconds of the game and of the client -- or None when the child failed, its output)."""
    kind = "smacv2" if map_name in SMACV2_MAPS else "smac"
    teams = json.dumps(_V2_TEAMS.get(map_name))
    code, out = real_clients.run([sys.executable, "-c", _CHILD, kind, map_name, str(episodes), str(seed), teams],
                                 env, cwd, timeout)
    records, summary = [], None
    for line in out.splitlines():
        if line.startswith("{"):
            record = json.loads(line)
            if "restarts" in record:
                summary = record
            else:
                records.append(record)
    if code != 0:
        summary = None
    return records, summary, out


def problems_of(map_name, episodes, records, summary):
    """What is wrong with one map's run, as a list of short sentences (empty: fine)."""
    problems = []
    if summary is None:
        return ["the client failed (its output follows)"]
    restarts = summary["restarts"]
    if restarts:
        problems.append(f"SMAC restarted the game {restarts} times after protocol errors")
    if len(records) != episodes:
        problems.append(f"{len(records)} of {episodes} episodes ended")
    for r in records:
        if r["outcome"] not in ("won", "lost", "timeout"):
            problems.append(f"episode {r['episode']} ended in an error")
        if r["outcome"] != "timeout" and r["steps"] > r["limit"]:
            problems.append(f"episode {r['episode']} ran {r['steps']} steps past the limit {r['limit']}")
    if any(r["off_grid"] for r in records):
        problems.append("units start on cells SMAC's pathing grid calls unpathable")
    if records and sum(r["ally_damage"] + r["enemy_damage"] for r in records) <= 0:
        problems.append("no unit lost any life or shields: nobody fought")
    return problems
