"""Another commit's code beside this checkout's, for benchmarks that run both in turn."""

from __future__ import annotations

import subprocess
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
