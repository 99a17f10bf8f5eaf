"""`manage.py check --deploy` with the production environment exactly as docs/deployment.md
documents it (its `export` lines, the elided secrets filled in): no issue but ludus.W001, and
that one only on a Python older than 3.12.5 (a true warning about the interpreter)."""

from __future__ import annotations

import os
import re
import secrets
import shlex
import subprocess
import sys
from pathlib import Path

from campaign.checks import PATCHED_PYTHON

ROOT = Path(__file__).resolve().parents[2]


def documented_environment() -> dict[str, str]:
    """The variables of the `export` lines of the deployment guide's first shell block."""
    text = (ROOT / "docs" / "deployment.md").read_text()
    block = re.search(r"```sh\n(.*?)```", text, re.S).group(1)
    env = {}
    for line in block.splitlines():
        if line.startswith("export "):
            for word in shlex.split(line.removeprefix("export "), comments=True):
                name, _, value = word.partition("=")
                env[name] = value
    env["DJANGO_SECRET_KEY"] = secrets.token_urlsafe(50)  # documented as "…"
    env["DATABASE_URL"] = env["DATABASE_URL"].replace("…", "a-password")
    return env


def test_the_documented_environment_is_read_whole():
    env = documented_environment()
    assert {"DATABASE_URL", "CELERY_BROKER_URL", "DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS",
            "DJANGO_CSRF_TRUSTED_ORIGINS", "LUDUS_CACHE_URL", "LUDUS_PROXY_COUNT",
            "DJANGO_BEHIND_TLS_PROXY", "DJANGO_HSTS_SECONDS"} <= set(env)  # fmt: skip
    assert not any("…" in value for value in env.values())


def test_check_deploy_is_clean_with_the_documented_environment():
    # Only the documented variables: nothing of the test run's (LUDUS_DEV, debug) leaks in.
    env = {"PATH": os.environ["PATH"], **documented_environment()}
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "ERROR"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    found = set(re.findall(r"^\?: \(([\w.]+)\)", done.stdout + done.stderr, re.M))
    expected = {"ludus.W001"} if sys.version_info[:3] < PATCHED_PYTHON else set()
    assert found == expected, done.stdout + done.stderr
