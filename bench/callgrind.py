"""Instructions a Python run takes, counted by valgrind's callgrind: the figure the
instruction benches compare, steadier than the clock on a shared machine."""

from __future__ import annotations

import os
import re
import subprocess
import sys


def instructions(args: list[str], collect: str | None = None) -> int:
    """Instructions callgrind counts for `python args...` in a fresh process, start-up
    included; with `collect`, only those within calls of that C function (callgrind's
    --toggle-collect). A fixed hash seed: with a random one, the imports' instructions differ
    from run to run by millions, more than a few bouts' worth, and so does the difference of
    two runs."""
    only = [f"--toggle-collect={collect}"] if collect else []
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *only]
    out = subprocess.run(
        [*command, sys.executable, *args],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    match = re.search(r"Collected : (\d+)", out.stderr)
    if match is None:
        raise SystemExit(f"no instruction count in callgrind's output:\n{out.stderr}")
    return int(match.group(1))
