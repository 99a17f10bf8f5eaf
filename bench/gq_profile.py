"""Where a GladiatorQuest 1v1 bout's work goes: the tactics, the check of the orders, each
mechanic of the resolution, the copies of the state, the dice, the log and the driver.

The bouts are rulesets_bench.py's (engine_bench.py's barbarian against wizard): `play()`
bouts from seed 1, odds-path bouts (`lab.duel.fight`, no log) from seed 1,000,000. Two
measures, each split by the part of the engine a function belongs to:

- Python bytecodes a bout (`sys.monitoring`): exact, the same on a loaded machine as on a
  quiet one, but blind to the work done in C (a dict built, a tuple hashed, dice drawn);
- cProfile's own time of each function (C functions charged to their own names): the C work
  too, slowed by the profiler and by the machine's load, so read as shares, not as a clock.

    .venv/bin/python bench/gq_profile.py [--bouts 200] [--path odds|play] [--top 0]
                                         [--root CHECKOUT]

--top N also prints the N functions with the most bytecodes. --root counts another checkout
(main's, say) with this script, for a before and after in one run.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import os
import pstats
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

# The part of the engine each function belongs to: the first (file, names) entry that
# matches it, names None for the whole file. Files are paths' ends.
GQ = "rulesets/gladiatorquest/"
PARTS: tuple[tuple[str, str, frozenset[str] | None], ...] = (
    ("check", GQ + "movement.py", frozenset({"check_orders", "writes_orders", "_why_not"})),
    ("check", GQ + "combat.py", frozenset({"check_orders", "_check", "_problem"})),
    ("check", GQ + "actions.py", frozenset({"check_step_order", "fail", "named"})),
    ("check", GQ + "turn.py", frozenset({"check_orders", "read_order"})),
    ("tactics", GQ + "tactics.py", None),
    ("tactics", GQ + "paths.py", None),
    ("tactics", GQ + "combat.py", frozenset({"tactics_order"})),
    ("tactics", GQ + "ruleset.py", frozenset({"tactics", "pending", "_everyone"})),
    ("tactics", GQ + "movement.py", frozenset({"order_writers"})),
    ("roll", GQ + "movement.py", frozenset({"movement_roll", "movement_points", "shake_off"})),
    ("moves", GQ + "movement.py", frozenset({"moves", "bump", "pivot", "at", "walker_step"})),
    ("step", GQ + "movement.py", None),
    ("actions", GQ + "actions.py", None),
    ("combat", GQ + "combat.py", None),
    ("wounds", GQ + "wounds.py", None),
    ("copies", GQ + "state.py", frozenset({"put", "stepped", "using", "affected", "noted"})),
    ("state", GQ + "state.py", None),
    ("turn", GQ + "turn.py", None),
    ("turn", GQ + "ending.py", None),
    ("setup", GQ + "setup.py", None),
    ("setup", GQ + "data.py", None),
    ("log", GQ + "standings.py", frozenset({"record"})),
    ("log", GQ + "events.py", None),
    ("log", "engine/core/events.py", None),
    ("log", GQ + "ruleset.py", frozenset({"log", "result"})),
    ("end", GQ + "standings.py", None),
    ("dice", "engine/core/dice.py", None),
    ("copies", "collections/__init__.py", frozenset({"_replace", "_make"})),
    ("driver", "engine/core/", None),
    ("driver", "engine/lab/", None),
    ("driver", GQ + "ruleset.py", None),
    ("driver", "engine/__init__.py", None),
)


def part_of(filename: str, name: str) -> str:
    if filename == "<string>":  # a named tuple's generated __new__
        return "copies"
    for part, end, names in PARTS:
        in_file = filename.endswith(end) or (end.endswith("/") and end in filename)
        if in_file and (names is None or name in names):
            return part
    return "other"


def bouts_of(root: Path, path: str, count: int) -> tuple[Callable[[], None], Callable[[], None]]:
    """A warm-up (one bout of each way, so that every table is made) and the bouts."""
    sys.path[:0] = [str(root), str(root / "bench")]
    import engine_bench

    from arena.engine import play, ruleset
    from arena.engine.lab.duel import fight

    rules = ruleset("gladiatorquest")
    one = engine_bench.ONE_V_ONE

    def warm() -> None:
        fight(rules, one | {"seed": 10})
        play(one | {"seed": 10_000})

    def fought() -> None:
        if path == "odds":
            for n in range(count):
                fight(rules, one | {"seed": 1_000_000 + n})
        else:
            for seed in range(1, count + 1):
                play(one | {"seed": seed})

    return warm, fought


def bytecodes(fought: Callable[[], None]) -> collections.Counter[Any]:
    """Bytecodes run, by code object."""
    counts: collections.Counter[Any] = collections.Counter()
    mon = sys.monitoring
    tool = mon.PROFILER_ID

    def on_instruction(code: Any, offset: int) -> None:
        counts[code] += 1

    mon.use_tool_id(tool, "gq_profile")
    mon.register_callback(tool, mon.events.INSTRUCTION, on_instruction)
    mon.set_events(tool, mon.events.INSTRUCTION)
    try:
        fought()
    finally:
        mon.set_events(tool, 0)
        mon.free_tool_id(tool)
    return counts


def own_times(fought: Callable[[], None]) -> dict[str, float]:
    """cProfile's own time of every function, summed by part."""
    profile = cProfile.Profile()
    profile.runcall(fought)
    by_part: dict[str, float] = collections.defaultdict(float)
    for (filename, _, name), row in pstats.Stats(profile).stats.items():  # type: ignore[attr-defined]
        if filename == "~":  # a C function: its caller's part
            callers = row[4]
            caller = max(callers, key=lambda c: callers[c][2]) if callers else None
            part = part_of(caller[0], caller[2]) if caller else "other"
        else:
            part = part_of(filename, name)
        by_part[part] += row[2]
    return by_part


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bouts", type=int, default=200)
    parser.add_argument("--path", choices=("odds", "play"), default="odds")
    parser.add_argument("--top", type=int, default=0)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to profile")
    args = parser.parse_args()
    warm, fought = bouts_of(args.root.resolve(), args.path, args.bouts)
    warm()
    codes = bytecodes(fought)
    times = own_times(fought)
    by_part: dict[str, int] = collections.defaultdict(int)
    for code, n in codes.items():
        by_part[part_of(code.co_filename, code.co_name)] += n
    total_codes, total_time = sum(by_part.values()), sum(times.values())
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    how = "play()" if args.path == "play" else "odds-path"
    print(f"{args.bouts} {how} 1v1 bouts of {args.root} (load average {load}):")
    print(f"{total_codes / args.bouts:,.0f} Python bytecodes a bout")
    print(f"{'part':10s} {'bytecodes':>10s} {'share':>6s} {'own time':>9s}")
    for part in sorted(set(by_part) | set(times), key=lambda p: -by_part.get(p, 0)):
        share = by_part.get(part, 0) / total_codes
        print(
            f"{part:10s} {by_part.get(part, 0) / args.bouts:10,.0f} {share:6.1%} "
            f"{times.get(part, 0.0) / total_time:9.1%}"
        )
    if args.top:
        print(f"\nthe {args.top} functions with the most bytecodes (a bout, and share):")
        for code, n in codes.most_common(args.top):
            where = f"{Path(code.co_filename).name}:{code.co_name}:{code.co_firstlineno}"
            print(f"{n / args.bouts:8,.0f} {n / total_codes:6.1%}  {where}")


if __name__ == "__main__":
    main()
