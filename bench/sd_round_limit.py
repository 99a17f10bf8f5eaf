"""Sudden Destruction bouts by default tactics that reach the round limit: how many of N end
in a tie at the limit, and how many rounds a bout lasts on average. The bouts are the rule-set
bench's odds bouts (rulesets_bench.py: 4 machines at random levels and tactics settings).

    .venv/bin/python bench/sd_round_limit.py [--bouts 600]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from rulesets_bench import ODDS_SEEDS, sudden_destruction_bout

from arena.engine import play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bouts", type=int, default=600)
    args = parser.parse_args()
    ties = rounds = 0
    for n in range(args.bouts):
        bout = sudden_destruction_bout(ODDS_SEEDS + n)
        log = play(bout)
        played = len(log["turns"])
        rounds += played
        limit = bout.get("options", {}).get("max_rounds", 100)
        ties += played >= limit and "winner" not in log["result"]
    print(
        f"{args.bouts} bouts: {ties} round-limit ties, "
        f"{rounds / args.bouts:.1f} rounds a bout on average"
    )


if __name__ == "__main__":
    main()
