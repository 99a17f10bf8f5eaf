"""compose.yaml and the Containerfile, checked as far as they can be without a container
registry (none is reachable here, so neither was built or run): the compose file parses, each
process runs the command docs/deployment.md gives it, the test service runs the integration
tests exactly as .ci/run does, and the image installs as the guide says."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "docs" / "deployment.md").read_text()
COMPOSE = yaml.safe_load((ROOT / "compose.yaml").read_text())
CONTAINERFILE = (ROOT / "Containerfile").read_text()
SERVICE_OF = {
    "web": "web",
    "urgent worker": "worker-urgent",
    "simulations worker": "worker-simulations",
    "beat": "beat",
}
CORES = "2"  # what compose.yaml gives `<cores>`


def guide_commands() -> dict[str, list[str]]:
    """The process table of the guide: process -> command, as an argument list."""
    rows = re.findall(r"^\| (web|urgent worker|simulations worker|beat) \| `([^`]+)` \|", GUIDE,
                      re.M)  # fmt: skip
    return {name: shlex.split(command.replace("<cores>", CORES)) for name, command in rows}


def test_the_compose_file_parses_with_every_part():
    assert set(COMPOSE["services"]) == {
        "migrate", "web", "worker-urgent", "worker-simulations", "beat", "postgres", "redis",
        "test",
    }  # fmt: skip
    for name, service in COMPOSE["services"].items():
        assert isinstance(service.get("command", []), list), name
    assert COMPOSE["services"]["beat"].get("deploy", {}).get("replicas", 1) == 1


def test_each_process_runs_the_guides_command():
    commands = guide_commands()
    assert set(commands) == set(SERVICE_OF)
    for process, service in SERVICE_OF.items():
        expected = commands[process]
        if process == "web":  # in a container gunicorn listens beyond its own loopback
            expected = [arg.replace("127.0.0.1:8000", "0.0.0.0:8000") for arg in expected]
        assert COMPOSE["services"][service]["command"] == expected, process


def test_the_image_runs_the_web_command_by_default():
    cmd = re.search(r"^CMD (\[.*\])$", CONTAINERFILE, re.M).group(1)
    assert yaml.safe_load(cmd) == COMPOSE["services"]["web"]["command"]


def test_the_test_service_runs_the_integration_tests_as_ci_does():
    ci = (ROOT / ".ci" / "run").read_text()
    pytest_line = next(line for line in ci.splitlines() if "-m pytest" in line)
    assert COMPOSE["services"]["test"]["command"] == shlex.split(pytest_line)
    # CI's environment for that line: LUDUS_DEV=1, and an external PostgreSQL and Redis.
    assert "LUDUS_DEV=1" in ci
    env = COMPOSE["services"]["test"]["environment"]
    assert env["LUDUS_DEV"] == "1"
    assert (
        env["DATABASE_URL"].startswith("postgresql://") and "@postgres:5432/" in env["DATABASE_URL"]
    )
    assert env["CELERY_BROKER_URL"] == "redis://redis:6379/0"


def test_the_image_installs_as_the_guide_says():
    guide_block = re.search(r"```sh\n(.*?)```", GUIDE, re.S).group(1).splitlines()
    install = guide_block[:2]  # the venv with the pinned uv, then the locked packages
    assert install[0].startswith("python3.12 -m venv .venv") and "uv pip sync" in install[1]
    runs = re.findall(r"^RUN (.+)$", CONTAINERFILE, re.M)
    assert install[0] in runs and install[1] in runs


def test_the_backup_tools_match_the_database_and_where_backups_are_written():
    major = re.search(r"postgres:(\d+)", COMPOSE["services"]["postgres"]["image"]).group(1)
    assert f"postgresql-client-{major}" in CONTAINERFILE
    # The daily backup is a `messages` task: the worker taking that queue holds the volume.
    assert "backups:/backups" in COMPOSE["services"]["worker-urgent"]["volumes"]
    assert COMPOSE["services"]["web"]["environment"]["LUDUS_BACKUP_DIR"] == "/backups"


def test_the_web_health_check_asks_healthz_of_an_allowed_host():
    web = COMPOSE["services"]["web"]
    assert "http://127.0.0.1:8000/healthz" in " ".join(web["healthcheck"]["test"])
    assert "127.0.0.1" in web["environment"]["DJANGO_ALLOWED_HOSTS"].split(",")
