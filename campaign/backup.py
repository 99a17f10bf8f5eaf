"""Backups of the database (docs/deployment.md, "Backups"): a compressed dump in pg_dump's
custom format, written by the PostgreSQL client tools whose version can dump the server, kept
`LUDUS_BACKUP_KEEP` deep; and its restore into an empty database.

The tools: those in `LUDUS_PG_BIN` when it is set; otherwise the first of the `pg_dump` on
PATH (an external server's client tools) and the embedded server's own (the pgserver package)
whose major version is at least the server's, since pg_dump refuses a newer server."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.db import connection

PREFIX = "ludus-"
SUFFIX = ".dump"
# Keys of Django's OPTIONS that its PostgreSQL backend takes for itself, not libpq parameters.
DJANGO_ONLY_OPTIONS = {"isolation_level", "server_side_binding", "assume_role", "pool"}


class BackupError(Exception):
    """What went wrong, in words, for the command to print."""


def _candidate_dirs() -> list[Path]:
    if settings.LUDUS_PG_BIN:
        return [Path(settings.LUDUS_PG_BIN)]
    found = []
    on_path = shutil.which("pg_dump")
    if on_path:
        found.append(Path(on_path).parent)
    try:
        import pgserver
    except ImportError:  # production installs may leave the embedded server out
        pass
    else:
        found.append(Path(pgserver.__file__).parent / "pginstall" / "bin")
    return found


def _major(tool: Path) -> int | None:
    try:
        out = subprocess.run([tool, "--version"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    match = re.search(r"\) (\d+)", out.stdout)
    return int(match.group(1)) if match else None


def tools_dir() -> Path:
    """The directory of the pg_dump and pg_restore to use with this database's server."""
    connection.ensure_connection()
    server = connection.pg_version // 10000
    tried = []
    for directory in _candidate_dirs():
        major = _major(directory / "pg_dump")
        tried.append(f"{directory / 'pg_dump'} ({major or 'not usable'})")
        if major is not None and major >= server and (directory / "pg_restore").exists():
            return directory
    raise BackupError(
        f"No pg_dump of PostgreSQL {server} or newer was found (tried: "
        f"{', '.join(tried) or 'none'}). Install the PostgreSQL {server} client tools, or set "
        "LUDUS_PG_BIN to the directory holding pg_dump and pg_restore."
    )


def libpq() -> tuple[str, dict[str, str]]:
    """The database's connection string without its password, and the environment that
    carries the password (so that it never shows in a process list)."""
    from psycopg.conninfo import make_conninfo

    params = connection.settings_dict
    options = {k: v for k, v in params["OPTIONS"].items() if k not in DJANGO_ONLY_OPTIONS}
    given = {"dbname": params["NAME"], "user": params["USER"], "host": params["HOST"],
             "port": str(params["PORT"] or "")}  # fmt: skip
    conninfo = make_conninfo(**{k: v for k, v in given.items() if v}, **options)
    env = {**os.environ}
    if params["PASSWORD"]:
        env["PGPASSWORD"] = params["PASSWORD"]
    return conninfo, env


def backups(directory: Path) -> list[Path]:
    """The backups in `directory`, oldest first (their names sort by time)."""
    return sorted(directory.glob(f"{PREFIX}*{SUFFIX}"))


def backup_write(directory: Path, *, keep: int, now: datetime | None = None) -> Path:
    """Dump the database into `directory` and delete all but the newest `keep` backups; the
    dump is written under a temporary name and renamed once whole."""
    if keep < 1:
        raise BackupError(f"Keep at least one backup (LUDUS_BACKUP_KEEP is {keep}).")
    tools = tools_dir()
    directory.mkdir(parents=True, exist_ok=True)
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%S%fZ")
    target = directory / f"{PREFIX}{stamp}{SUFFIX}"
    partial = target.with_suffix(".partial")
    conninfo, env = libpq()
    done = subprocess.run(
        [tools / "pg_dump", "--format=custom", "--compress=6", "--no-owner",
         f"--file={partial}", f"--dbname={conninfo}"],
        env=env, capture_output=True, text=True,
    )  # fmt: skip
    if done.returncode != 0:
        partial.unlink(missing_ok=True)
        raise BackupError(f"pg_dump failed: {done.stderr.strip()}")
    partial.rename(target)
    for old in backups(directory)[:-keep]:
        old.unlink()
    return target


def user_tables() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_catalog.pg_tables "
            "WHERE schemaname NOT IN ('pg_catalog', 'information_schema')"
        )
        return cursor.fetchone()[0]


def restore(path: Path) -> None:
    """Restore the backup at `path` into this (empty) database in one transaction: on any
    error nothing is restored."""
    if not path.is_file():
        raise BackupError(f"{path} is not a file.")
    tables = user_tables()
    if tables:
        raise BackupError(
            f"The database {connection.settings_dict['NAME']!r} is not empty ({tables} tables): "
            "a backup is restored into an empty database only. Create one (createdb) and "
            "point DATABASE_URL at it."
        )
    tools = tools_dir()
    conninfo, env = libpq()
    connection.close()  # pg_restore works in its own session
    done = subprocess.run(
        [tools / "pg_restore", "--no-owner", "--no-privileges", "--exit-on-error",
         "--single-transaction", f"--dbname={conninfo}", path],
        env=env, capture_output=True, text=True,
    )  # fmt: skip
    if done.returncode != 0:
        raise BackupError(f"pg_restore failed, nothing was restored: {done.stderr.strip()}")
