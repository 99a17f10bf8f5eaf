"""Bouts resolved per second by the GladiatorQuest engine (one core, default tactics).

    python bench/engine_bench.py [--seconds 3] [--before COMMIT] [--rounds 3]

Prints two figures per scenario: the whole contract (`play`: dict in, JSON-able dict out with
full per-turn snapshots) and the resolution alone (the driver's loop of each step's orders,
core.ruleset.step_orders, and advance, as the lab fights, with no log built). With --before
(default 6038751, the engine before its readable rewrite), the same run also measures that
commit's engine: a temporary `git worktree add` checkout, its engine run there through
PYTHONPATH, `play()` only (its resolution had another API), against this checkout's `play()`
run the same way, each in a fresh process, in turn, --rounds times (best and median of each).
Targets: neither scenario slower than the engine before the rewrite (issue 8), and 1v1 at
least 2,000 bouts/s (issue 14).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from worktree import checkout_of, python_in

from arena.engine import play
from arena.engine.core.protocol import dice_for
from arena.engine.core.ruleset import step_orders
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
    step = 0
    while not gq.is_over(state):  # as the driver and the lab resolve a step
        state, _ = gq.apply(state, step_orders(gq, state, None, step, True), dice)
        step += 1


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
    parser.add_argument("--rounds", type=int, default=3, help="play() runs of each engine, in turn")
    args = parser.parse_args()
    if args.before:
        print(_compare(args.before, args.seconds, args.rounds), end="")
    print("after (this checkout, in this process):")
    for label, bout in SCENARIOS:
        full = rate(bout, args.seconds, full=True)
        core = rate(bout, args.seconds, full=False)
        print(f"{label:28s} play(): {full:8.0f} bouts/s   resolution only: {core:8.0f} bouts/s")


# play() timed as rate() times it, in a process of its own, for either engine: the old
# commit's (its resolution alone had another API) and this checkout's, run the same way.
_PLAY_RUN = """
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


def _play_rate(checkout: Path, bout: dict, seconds: float) -> float:
    return float(python_in(checkout, _PLAY_RUN, json.dumps(bout), str(seconds)))


def _compare(commit: str, seconds: float, rounds: int) -> str:
    """play() of the engine at `commit` (a temporary git worktree) against this checkout's,
    each in a fresh process, in turn, `rounds` times: the machine's load and each process's
    hash seed (the layout of its dicts) move both alike. The best round of each is the one
    least disturbed."""
    root = Path(__file__).resolve().parents[1]
    lines = [f"play() bouts/s, commit {commit} against this checkout, {rounds} rounds in turn:\n"]
    with checkout_of(commit) as old:
        for label, bout in SCENARIOS:
            before, after = [], []
            for _ in range(rounds):
                before.append(_play_rate(old, bout, seconds))
                after.append(_play_rate(root, bout, seconds))
            rows = " ".join(f"{b:.0f}/{a:.0f}" for b, a in zip(before, after, strict=True))
            best = max(after) / max(before) - 1
            lines.append(
                f"{label:28s} before/after by round: {rows}; best {max(before):.0f} -> "
                f"{max(after):.0f} ({best:+.1%}), median {statistics.median(before):.0f} -> "
                f"{statistics.median(after):.0f}\n"
            )
    return "".join(lines)


if __name__ == "__main__":
    main()
