"""Where a Gladiator 101 bout's time goes, on the odds path (`lab.duel.fight`'s steps):
activations (combatant turns) a bout, the CPU time of the tactics against the resolution
(`apply`: the order read and checked, then the turn), and how many strikes the tactics weigh
an activation. The bouts are rulesets_bench.py's odds-path bouts (a matchup every 100 seeds),
so the tactics' kept tables are as warm as they are there.

    .venv/bin/python bench/g101_profile.py [--bouts 400] [--top 0]

--top N also prints cProfile's N most costly functions (by their own time).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesets_bench import ODDS_SEEDS, gladiator_101_bout

from arena.engine import ruleset
from arena.engine.core.protocol import dice_for
from arena.engine.core.ruleset import step_orders

RULES = ruleset("gladiator-101")
# The tactics' functions whose calls an activation are counted, where they exist: a strike
# reckoned, a strike weighed (by itself, or with its rider), an attack weighed whole.
WATCHED = ("default_order", "search", "reckon", "weighed", "_worth", "worth")


def fight_timed(bout: dict, clock: dict[str, float] | None = None) -> int:
    """lab.duel.fight's steps, the tactics and the resolution timed apart (unless `clock` is
    None: the clock itself is a system call, slow under cProfile); the activations."""
    state = RULES.setup(bout)
    dice = dice_for(bout)
    bound = RULES.max_steps(state)
    step = 0
    while not RULES.is_over(state) and step < bound:
        start = time.process_time() if clock is not None else 0.0
        orders = step_orders(RULES, state, None, step, True)
        middle = time.process_time() if clock is not None else 0.0
        state, _ = RULES.apply(state, orders, dice)
        if clock is not None:
            clock["tactics"] += middle - start
            clock["resolution"] += time.process_time() - middle
        step += 1
    return step


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bouts", type=int, default=400)
    parser.add_argument("--top", type=int, default=0)
    parser.add_argument("--sort", default="tottime", help="cProfile's order: tottime, cumtime")
    args = parser.parse_args()
    bouts = [gladiator_101_bout(ODDS_SEEDS + n) for n in range(args.bouts)]
    others = [gladiator_101_bout(ODDS_SEEDS + args.bouts + n) for n in range(args.bouts)]
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"gladiator-101 {RULES.version}, {len(bouts)} odds-path bouts (load average {load})")
    for b in bouts[:50]:  # warm the kept tables as a long run would
        fight_timed(b, {"tactics": 0.0, "resolution": 0.0})
    clock = {"tactics": 0.0, "resolution": 0.0}
    start = time.process_time()
    activations = sum(fight_timed(b, clock) for b in bouts)
    total = time.process_time() - start
    n = len(bouts)
    print(f"  {n / total:,.0f} bouts/CPU s; {activations / n:.1f} activations a bout")
    for part, spent in clock.items():
        print(
            f"  {part:10s} {spent / total:5.1%} ({spent / activations * 1e6:,.0f} us an activation)"
        )
    profile = cProfile.Profile()
    profile.enable()
    for b in others:  # bouts not fought yet: new matchups, new situations
        fight_timed(b)
    profile.disable()
    stats = pstats.Stats(profile)
    calls = {func[2]: counts[1] for func, counts in stats.stats.items()  # type: ignore[attr-defined]
             if func[0].endswith(("tactics.py",))}  # fmt: skip
    steps = calls.get("default_order", 1)
    print(f"  in {len(others)} more bouts, under cProfile:")
    for name in (n for n in WATCHED if n in calls):
        print(f"  {name:14s} {calls.get(name, 0) / steps:6.2f} calls an activation")
    if args.top:
        stats.sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
