"""Where a Sudden Destruction bout's time goes, on the odds path (`lab.duel.fight`'s steps):
rounds a bout, plans (a counter's activation: one plan a round) and ticks a round, events a
round by kind, and the CPU time of the tactics (the plans) against the resolution (`apply`)
and its phases. The bouts are rulesets_bench.py's odds-path bouts (a matchup every 100
seeds), so the tactics' kept tables are as warm as they are there.

    .venv/bin/python bench/sd_profile.py [--bouts 400] [--top 0]

--top N also prints cProfile's N most costly functions (by their own time).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesets_bench import ODDS_SEEDS, sudden_destruction_bout

from arena.engine import ruleset
from arena.engine.core.protocol import dice_for
from arena.engine.core.ruleset import step_orders

RULES = ruleset("sudden-destruction")
# The phases of a round (turn.py), timed apart by cProfile's cumulative time.
PHASES = ("tech_phase", "action_phase", "repair_phase", "bout_end")


def fight_timed(bout: dict, clock: dict[str, float], kinds: Counter[str]) -> tuple[int, int]:
    """lab.duel.fight's steps, the tactics and the resolution timed apart; the rounds and the
    plans written."""
    state = RULES.setup(bout)
    dice = dice_for(bout)
    bound = RULES.max_steps(state)
    step = plans = 0
    while not RULES.is_over(state) and step < bound:
        start = time.process_time()
        orders = step_orders(RULES, state, None, step, True)
        middle = time.process_time()
        state, events = RULES.apply(state, orders, dice)
        clock["tactics"] += middle - start
        clock["resolution"] += time.process_time() - middle
        kinds.update(e.kind for e in events)
        plans += len(orders)
        step += 1
    return step, plans


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bouts", type=int, default=400)
    parser.add_argument("--top", type=int, default=0)
    parser.add_argument("--sort", default="tottime", help="cProfile's order: tottime, cumtime")
    args = parser.parse_args()
    bouts = [sudden_destruction_bout(ODDS_SEEDS + n) for n in range(args.bouts)]
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"sudden-destruction {RULES.version}, {len(bouts)} odds-path bouts (load {load})")
    for b in bouts[:50]:  # warm the kept tables as a long run would
        fight_timed(b, {"tactics": 0.0, "resolution": 0.0}, Counter())
    clock = {"tactics": 0.0, "resolution": 0.0}
    kinds: Counter[str] = Counter()
    rounds = plans = 0
    start = time.process_time()
    for b in bouts:
        r, p = fight_timed(b, clock, kinds)
        rounds, plans = rounds + r, plans + p
    total = time.process_time() - start
    n = len(bouts)
    print(
        f"  {n / total:,.0f} bouts/CPU s; {rounds / n:.1f} rounds a bout, "
        f"{plans / rounds:.2f} plans a round, {sum(kinds.values()) / rounds:.1f} events a round"
    )
    print("  events a round: " + ", ".join(f"{k} {c / rounds:.2f}" for k, c in kinds.most_common()))
    for part, spent in clock.items():
        print(f"  {part:10s} {spent / total:5.1%} ({spent / rounds * 1e6:,.0f} us a round)")
    profile = cProfile.Profile()
    profile.enable()
    for b in bouts:
        fight_timed(b, {"tactics": 0.0, "resolution": 0.0}, Counter())
    profile.disable()
    stats = pstats.Stats(profile)
    table = stats.stats  # type: ignore[attr-defined]
    cumulative = {func[2]: row[3] for func, row in table.items() if "sudden_destruction" in func[0]}
    ticks = sum(row[1] for func, row in table.items() if func[2] == "busy")
    whole = sum(cumulative.get(p, 0.0) for p in PHASES) + cumulative.get("default_plan", 0.0)
    print(f"  under cProfile: {ticks / rounds:.1f} busy checks a round; share of the work:")
    for name in ("default_plan", *PHASES):
        print(f"  {name:14s} {cumulative.get(name, 0.0) / whole:5.1%}")
    if args.top:
        stats.sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
