"""Bouts resolved per second by the GladiatorQuest engine (one core, default tactics).

    python bench/engine_bench.py [--seconds 3] [--before COMMIT]

Prints two figures per scenario: the whole contract (`play`: dict in, JSON-able dict out with
full per-turn snapshots) and the resolution alone (the driver's loop of pending, the tactics'
orders and advance, as the lab fights, with no log built). With --before (default 6038751,
the engine before its readable rewrite), the same run also measures that commit's engine: a
temporary `git worktree add` checkout, its engine run there through PYTHONPATH, `play()` only
(its resolution had another API). Targets: 1v1 >= 2,885 bouts/s (the old figure; issue 14's bar
is 2,000), 8-gladiator free-for-all >= 488.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arena.engine import play
from arena.engine.core.protocol import advancing, dice_for, tactics_order
from arena.engine.rulesets.gladiatorquest import GladiatorQuest

ONE_V_ONE = {
    "ruleset": "gladiatorquest",
    "gladiators": [
        {"name": "Brutus", "type": "barbarian", "equipment": ["broadsword"]},
        {"name": "Nox", "type": "wizard", "equipment": ["dagger"]},
    ],
}
TYPES = ["barbarian", "dwarf", "elf", "wizard", "orc", "fimir", "chaos_warrior", "gargoyle"]
FREE_FOR_ALL = {
    "ruleset": "gladiatorquest",
    "gladiators": [{"name": f"G{i}", "type": t} for i, t in enumerate(TYPES)],
}


def resolve(bout: dict) -> None:
    gq = GladiatorQuest()
    state, dice = gq.setup(bout), dice_for(bout)
    advance = advancing(gq)  # as the driver and the lab resolve a step
    while not gq.is_over(state):
        orders = {who: tactics_order(gq, state, who) for who in gq.pending(state).who}
        state, _ = advance(state, orders, dice)


def rate(bout: dict, seconds: float, *, full: bool) -> float:
    done, seed, start = 0, 0, time.perf_counter()
    while True:
        for _ in range(50):
            seed += 1
            if full:
                play(bout | {"seed": seed})
            else:
                resolve(bout | {"seed": seed})
            done += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


SCENARIOS = (("1v1 barbarian vs wizard", ONE_V_ONE), ("8-gladiator free-for-all", FREE_FOR_ALL))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--before", default="6038751", help="commit to compare with ('' for none)")
    args = parser.parse_args()
    if args.before:
        print(f"before (commit {args.before}):")
        print(_before(args.before, args.seconds), end="")
        print("after (this checkout):")
    for label, bout in SCENARIOS:
        full = rate(bout, args.seconds, full=True)
        core = rate(bout, args.seconds, full=False)
        print(f"{label:28s} play(): {full:8.0f} bouts/s   resolution only: {core:8.0f} bouts/s")


# The old commit's engine, measured in a process of its own: its play() on the same bouts,
# timed as rate() times them (its resolution alone had another API).
_OLD_ENGINE_RUN = """
import json, sys, time
from arena.engine import play
bout, seconds = json.loads(sys.argv[1]), float(sys.argv[2])
done, seed, start = 0, 0, time.perf_counter()
while True:
    for _ in range(50):
        seed += 1
        play(bout | {"seed": seed})
        done += 1
    elapsed = time.perf_counter() - start
    if elapsed >= seconds:
        print(done / elapsed)
        break
"""


def _before(commit: str, seconds: float) -> str:
    """play() figures for the engine at `commit`, from a temporary git worktree."""
    root = Path(__file__).resolve().parents[1]
    git = ["git", "-C", str(root)]
    lines = []
    with tempfile.TemporaryDirectory() as parent:
        old = Path(parent) / "old-engine"
        subprocess.run([*git, "worktree", "add", "--detach", str(old), commit], check=True,
                       capture_output=True)  # fmt: skip
        try:
            env = os.environ | {"PYTHONPATH": str(old)}
            for label, bout in SCENARIOS:
                out = subprocess.run(
                    [sys.executable, "-c", _OLD_ENGINE_RUN, json.dumps(bout), str(seconds)],
                    cwd=old, env=env, check=True, capture_output=True, text=True,
                )  # fmt: skip
                lines.append(f"{label:28s} play(): {float(out.stdout):8.0f} bouts/s\n")
        finally:
            subprocess.run([*git, "worktree", "remove", "--force", str(old)], check=False,
                           capture_output=True)  # fmt: skip
    return "".join(lines)


if __name__ == "__main__":
    main()
