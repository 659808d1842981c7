#!/usr/bin/env python3
"""Drives sc2lite the way PySC2 does, from Python, to prove wire compatibility.

Like PySC2 it uses websocket-client and sends every serialized Request in a *text* frame
(websocket-client's default opcode), numbers requests 1, 2, 3, ... and requires `status`
on every Response. Our protocol classes are generated from our .proto files by protoc.

Usage: pysc2_like_client.py SC2LITE PYTHON_PROTO_DIR
Exits 0 when a whole MoveToBeacon episode start (create, join, observe, select, move,
reach the beacon) and a restart work, a melee game against the built-in AI (PySC2's
Agent + Bot setup on Melee/Flat64) plays to its end, and two agents on two sc2lite processes
(PySC2's Agent + Agent setup) play one game in lock-step to its end; prints what failed
otherwise.
"""
import os
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, sys.argv[2])
import websocket  # noqa: E402  (python3-websocket)
from s2clientprotocol import common_pb2, sc2api_pb2, spatial_pb2  # noqa: E402

SCREEN = 64


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Client:
    def __init__(self, port):
        deadline = time.time() + 20
        while True:
            try:
                self.ws = websocket.create_connection(f"ws://127.0.0.1:{port}/sc2api", timeout=20)
                break
            except (ConnectionRefusedError, websocket.WebSocketException, OSError):
                if time.time() > deadline:
                    raise
                time.sleep(0.1)
        self.next_id = 1

    def call(self, **kwargs):
        request = sc2api_pb2.Request(id=self.next_id, **kwargs)
        self.next_id += 1
        self.ws.send(request.SerializeToString())  # a TEXT frame, as PySC2 sends it
        opcode, payload = self.ws.recv_data()
        assert opcode == websocket.ABNF.OPCODE_BINARY, f"response opcode {opcode}, want binary"
        response = sc2api_pb2.Response()
        response.ParseFromString(payload)
        assert response.HasField("status"), "response without status"
        assert response.id == request.id, f"id {response.id} != {request.id}"
        assert not response.error, f"{request.WhichOneof('request')}: {list(response.error)}"
        return response


def decode(image):
    """Decodes an 8 bpp ImageData into rows (row 0 at the top)."""
    assert image.bits_per_pixel == 8, image.bits_per_pixel
    width, height = image.size.x, image.size.y
    assert len(image.data) == width * height
    return [image.data[row * width:(row + 1) * width] for row in range(height)]


def centre_of(rows, value):
    points = [(x, y) for y, row in enumerate(rows) for x, v in enumerate(row) if v == value]
    assert points, f"no pixel with value {value}"
    return (sum(p[0] for p in points) // len(points), sum(p[1] for p in points) // len(points))


def spatial_action(**kwargs):
    return sc2api_pb2.Action(action_feature_layer=spatial_pb2.ActionSpatial(**kwargs))


def start_sc2lite(sc2lite, temp):
    port = free_port()
    game = subprocess.Popen([sc2lite, "-listen", "127.0.0.1", "-port", str(port),
                             "-dataDir", temp + "/", "-tempDir", temp + "/", "-verbose"])
    return game, port


def main():
    sc2lite = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix="sc-") as temp:
        games = []
        try:
            game, port = start_sc2lite(sc2lite, temp)
            games.append(game)
            run(Client(port))
            # players=[Agent, Agent]: one game process per agent, as PySC2 launches them.
            agent_ports = []
            for _ in range(2):
                game, port = start_sc2lite(sc2lite, temp)
                games.append(game)
                agent_ports.append(port)
            run_two_agents(Client(agent_ports[0]), Client(agent_ports[1]))
        finally:
            for game in games:
                game.terminate()
                game.wait(timeout=10)
    print("PySC2-like client: OK")


def run_two_agents(first, second):
    """PySC2's multiplayer start: save_map to both processes, create_game (two Participants)
    on the first, then both joins at once with the same server_ports; each player steps its own
    process (lock-step) until the game ends at its time limit, a tie for both."""
    import threading
    map_path = "Melee/Flat64.SC2Map"
    for client in (first, second):
        client.call(save_map=sc2api_pb2.RequestSaveMap(map_path=map_path, map_data=b"any bytes"))
    create = sc2api_pb2.RequestCreateGame(
        local_map=sc2api_pb2.LocalMap(map_path=map_path),
        player_setup=[sc2api_pb2.PlayerSetup(type=sc2api_pb2.Participant),
                      sc2api_pb2.PlayerSetup(type=sc2api_pb2.Participant)],
        realtime=False, random_seed=3)
    assert first.call(create_game=create).status == sc2api_pb2.init_game
    ports = [free_port() for _ in range(4)]
    options = sc2api_pb2.InterfaceOptions(raw=True, score=True)
    outcome = {}

    def play(name, client):
        try:
            join = sc2api_pb2.RequestJoinGame(
                race=common_pb2.Terran, options=options, shared_port=0,
                server_ports=sc2api_pb2.PortSet(game_port=ports[0], base_port=ports[1]),
                client_ports=[sc2api_pb2.PortSet(game_port=ports[2], base_port=ports[3])])
            player_id = client.call(join_game=join).join_game.player_id
            info = client.call(game_info=sc2api_pb2.RequestGameInfo()).game_info
            assert [p.type for p in info.player_info] == [sc2api_pb2.Participant] * 2
            loop = 0
            while client.call(step=sc2api_pb2.RequestStep(count=512)).status != sc2api_pb2.ended:
                loop += 512
                assert loop <= 28800, "the game did not end at its time limit"
            observation = client.call(observation=sc2api_pb2.RequestObservation()).observation
            outcome[name] = (player_id, {r.player_id: r.result for r in observation.player_result},
                             observation.observation.game_loop)
        except Exception as error:  # reported by the main thread
            outcome[name] = error

    threads = [threading.Thread(target=play, args=(name, client)) for name, client in
               (("first", first), ("second", second))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
        assert not thread.is_alive(), "a player of the two-agent game hangs"
    for name in ("first", "second"):
        assert not isinstance(outcome[name], Exception), f"{name} player: {outcome[name]!r}"
    assert outcome["first"][0] == 1 and outcome["second"][0] == 2, outcome
    for _, results, loop in outcome.values():
        assert results == {1: sc2api_pb2.Tie, 2: sc2api_pb2.Tie}, results
        assert loop == 28800, loop
    for client in (first, second):
        client.ws.send(sc2api_pb2.Request(id=999999999, quit=sc2api_pb2.RequestQuit()).SerializeToString())


def run(client):
    client.call(ping=sc2api_pb2.RequestPing())
    create = sc2api_pb2.RequestCreateGame(
        local_map=sc2api_pb2.LocalMap(map_path="mini_games/MoveToBeacon.SC2Map", map_data=b"any bytes"),
        player_setup=[sc2api_pb2.PlayerSetup(type=sc2api_pb2.Participant)], realtime=False,
        random_seed=7)
    assert client.call(create_game=create).status == sc2api_pb2.init_game
    setup = sc2api_pb2.SpatialCameraSetup(width=24,
                                          resolution=common_pb2.Size2DI(x=SCREEN, y=SCREEN),
                                          minimap_resolution=common_pb2.Size2DI(x=SCREEN, y=SCREEN))
    options = sc2api_pb2.InterfaceOptions(raw=True, score=True, feature_layer=setup)
    joined = client.call(join_game=sc2api_pb2.RequestJoinGame(race=common_pb2.Terran, options=options))
    assert joined.status == sc2api_pb2.in_game
    info = client.call(game_info=sc2api_pb2.RequestGameInfo()).game_info
    assert info.options.feature_layer.resolution.x == SCREEN
    assert info.options.feature_layer.width == 24
    assert info.start_raw.map_size.x > 0

    def observe():
        return client.call(observation=sc2api_pb2.RequestObservation()).observation

    def act(action):
        client.call(action=sc2api_pb2.RequestAction(actions=[action]))

    def step():
        return client.call(step=sc2api_pb2.RequestStep(count=8))

    obs = observe().observation
    relative = decode(obs.feature_layer_data.renders.player_relative)
    marine = centre_of(relative, 1)
    act(spatial_action(unit_selection_point=spatial_pb2.ActionSpatialUnitSelectionPoint(
        selection_screen_coord=common_pb2.PointI(x=marine[0], y=marine[1]),
        type=spatial_pb2.ActionSpatialUnitSelectionPoint.Select)))
    step()
    obs = observe().observation
    abilities = {a.ability_id for a in obs.abilities}
    assert 16 in abilities, f"Move not offered for the selected Marine: {abilities}"
    for _ in range(200):
        relative = decode(obs.feature_layer_data.renders.player_relative)
        beacon = centre_of(relative, 3)
        act(spatial_action(unit_command=spatial_pb2.ActionSpatialUnitCommand(
            ability_id=16, target_screen_coord=common_pb2.PointI(x=beacon[0], y=beacon[1]),
            queue_command=False)))
        step()
        obs = observe().observation
        if obs.score.score >= 1:
            break
    assert obs.score.score >= 1, "the Marine never reached the beacon"
    restarted = client.call(restart_game=sc2api_pb2.RequestRestartGame())
    assert restarted.status == sc2api_pb2.in_game
    again = observe().observation
    assert again.game_loop == 0 and again.score.score == 0
    run_melee(client, options)
    client.ws.send(sc2api_pb2.Request(id=999999999, quit=sc2api_pb2.RequestQuit()).SerializeToString())


def run_melee(client, options):
    """players=[Agent(terran), Bot(terran, easy)] as PySC2 sets it up, on Melee/Flat64: a
    passive agent loses to the built-in AI, and both players' results are reported."""
    assert client.call(leave_game=sc2api_pb2.RequestLeaveGame()).status == sc2api_pb2.launched
    maps = client.call(available_maps=sc2api_pb2.RequestAvailableMaps()).available_maps
    assert "Melee/Flat64.SC2Map" in maps.local_map_paths, list(maps.local_map_paths)
    create = sc2api_pb2.RequestCreateGame(
        local_map=sc2api_pb2.LocalMap(map_path="Melee/Flat64.SC2Map", map_data=b"any bytes"),
        player_setup=[sc2api_pb2.PlayerSetup(type=sc2api_pb2.Participant),
                      sc2api_pb2.PlayerSetup(type=sc2api_pb2.Computer, race=common_pb2.Terran,
                                             difficulty=sc2api_pb2.Easy, ai_build=sc2api_pb2.RandomBuild)],
        realtime=False, random_seed=5)
    assert client.call(create_game=create).status == sc2api_pb2.init_game
    joined = client.call(join_game=sc2api_pb2.RequestJoinGame(race=common_pb2.Terran, options=options))
    assert joined.join_game.player_id == 1
    info = client.call(game_info=sc2api_pb2.RequestGameInfo()).game_info
    assert len(info.player_info) == 2 and info.player_info[1].type == sc2api_pb2.Computer
    assert len(info.start_raw.start_locations) == 1
    for _ in range(200):
        if client.call(step=sc2api_pb2.RequestStep(count=256)).status == sc2api_pb2.ended:
            break
    response = client.call(observation=sc2api_pb2.RequestObservation())
    assert response.status == sc2api_pb2.ended, "the melee game did not end"
    results = {r.player_id: r.result for r in response.observation.player_result}
    assert results == {1: sc2api_pb2.Defeat, 2: sc2api_pb2.Victory}, results


if __name__ == "__main__":
    main()
