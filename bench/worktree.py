"""Another commit's code beside this checkout's, for benchmarks that run both in turn."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def checkout_of(commit: str) -> Iterator[Path]:
    """A temporary detached git worktree of `commit` (removed after): run its code by
    putting it first on PYTHONPATH."""
    git = ["git", "-C", str(ROOT)]
    with tempfile.TemporaryDirectory() as parent:
        tree = Path(parent) / commit
        subprocess.run([*git, "worktree", "add", "--detach", str(tree), commit], check=True,
                       capture_output=True)  # fmt: skip
        try:
            yield tree
        finally:
            subprocess.run([*git, "worktree", "remove", "--force", str(tree)], check=False,
                           capture_output=True)  # fmt: skip


def python_in(checkout: Path, script: str, *args: str) -> str:
    """What `script` prints, run by this Python in a fresh process with `checkout`'s code
    first on PYTHONPATH (and as its working directory)."""
    out = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=checkout, env=os.environ | {"PYTHONPATH": str(checkout)},
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    return out.stdout
