"""Runs the real outside clients (PySC2, SMAC) against sc2lite, unmodified.

The clients live outside the repository (../shared/clients, see its README): nothing of theirs
is copied here. This module only prepares what they expect to find on a machine with the game:
  * SC2PATH: a layout made by `sc2lite --install-layout`, whose map files are replaced by
    links to the clients' real .SC2Map files;
  * PYTHONPATH: the client's folder, protoc's Python classes of our own .proto files (the
    `s2clientprotocol` package), and two empty stand-ins for modules PySC2 imports but these
    runs never use (`skvideo.io`, which writes videos, and `mpyq`, which reads replays).

Used by the interop tests (tests/interop/*_test.py) and the bench scripts.
"""
import os
import socket
import subprocess
import sys

SKIP = 77  # CTest's SKIP_RETURN_CODE for these tests

# Stand-in modules: PySC2 imports them at load time; the runs here never call them.
_STAND_INS = {
    "skvideo/__init__.py": "",
    "skvideo/io/__init__.py": "class FFmpegWriter:  # PySC2 writes videos with it; not here\n    pass\n",
    "mpyq.py": "class MPQArchive:  # PySC2 reads replay versions with it; not here\n    pass\n",
}


def clients_dir(shared_dir):
    return os.path.join(shared_dir, "clients")


def skip_unless_present(path, what):
    """Exits with CTest's skip code and a clear message when `path` is absent."""
    if not os.path.exists(path):
        print(f"skipped: {what} is absent ({path}); see ../shared/clients/README.md")
        sys.exit(SKIP)


def make_sc2path(sc2lite, work_dir, maps, extra_flags=()):
    """An SC2PATH layout under work_dir/sc2 whose Maps/<folder>/<Name>.SC2Map are links to the
    real files in `maps` (a dict: path under Maps/ -> real file)."""
    root = os.path.join(work_dir, "sc2")
    subprocess.run([sc2lite, "--install-layout", root, *extra_flags], check=True, stdout=subprocess.DEVNULL)
    for relative, real in maps.items():
        target = os.path.join(root, "Maps", relative)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if os.path.lexists(target):
            os.remove(target)
        os.symlink(os.path.abspath(real), target)
    return root


def python_path(work_dir, proto_dir, client_dir):
    stand_ins = os.path.join(work_dir, "stand_ins")
    for relative, text in _STAND_INS.items():
        path = os.path.join(stand_ins, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    # protoc writes the package without an __init__.py; PySC2 imports it as a package.
    init = os.path.join(proto_dir, "s2clientprotocol", "__init__.py")
    if not os.path.exists(init):
        open(init, "w").close()
    return os.pathsep.join(os.path.abspath(p) for p in [client_dir, proto_dir, stand_ins])


def client_env(sc2path, pythonpath, **extra):
    env = dict(os.environ)
    env["SC2PATH"] = sc2path
    env["PYTHONPATH"] = pythonpath
    env["PYTHONUNBUFFERED"] = "1"
    env.update(extra)
    return env


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class RunningGame:
    """An sc2lite listening on a port of its own, for clients told to connect to a running
    game instead of launching one (PySC2's --sc2_port: PySC2 4.0's SC2Env cannot launch the
    game itself, google-deepmind/pysc2#351). Stopped, by its own pid, on exit."""

    def __init__(self, sc2lite, work_dir, extra_flags=()):
        self.port = free_port()
        self.log = open(os.path.join(work_dir, f"sc2lite-{self.port}.log"), "w")
        self.proc = subprocess.Popen([sc2lite, "-listen", "127.0.0.1", "-port", str(self.port), *extra_flags],
                                     stdout=self.log, stderr=subprocess.STDOUT)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


def play_in_own_game(sc2lite, work_dir, play):
    """play(port) against an sc2lite of its own started with --verbose (SC2Env quits the game it
    closes; the log says which map it created, and from what). Returns (play's result or None,
    the error or None, the log)."""
    with RunningGame(sc2lite, work_dir, ["--verbose"]) as game:
        log_path = game.log.name
        try:
            result, error = play(game.port), None
        except Exception as e:  # a failure of the game shows as the client's exception
            result, error = None, f"{type(e).__name__}: {e}"
    with open(log_path) as f:
        return result, error, f.read()


def report(what, problems, log, failures):
    """Prints ok or FAIL for one run; a failure keeps its problems and the end of the log."""
    if problems:
        failures.append(f"{what}: {'; '.join(problems)}\n{log[-2000:]}")
        print(f"FAIL {what}", flush=True)
    else:
        print(f"ok   {what}", flush=True)


def run(args, env, cwd, timeout):
    """Runs a client program; returns (exit code, stdout + stderr). A hang is a failure with
    the output so far, not a test that never ends."""
    try:
        done = subprocess.run(args, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, timeout=timeout)
        return done.returncode, done.stdout
    except subprocess.TimeoutExpired as expired:
        out = expired.stdout or ""
        if isinstance(out, bytes):
            out = out.decode(errors="replace")
        return -1, out + f"\n[timed out after {timeout} s]"
