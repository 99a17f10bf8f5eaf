"""Arena of the Elders balance: the win-rate table of docs/rules/arena-of-the-elders.md.

1,000 seeded bouts of team deathmatch fought by the default tactics. Bout n (seed n) shuffles
the eight champions with random.Random(n) into Red (the first four) and Blue, and is fought on
the Elders' Ring when n is even and the Drowned Steps when odd. A pairing "A against B" is
every bout in which A and B were on opposite teams: the table gives how often A's team won
(a draw counts half). "Overall" is A's team's share of all its bouts.

    .venv/bin/python bench/elders_balance.py [--bouts 1000] [--mode deathmatch] [--jobs 2]
"""

from __future__ import annotations

import argparse
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.engine import play
from arena.engine.rulesets.arena_of_the_elders import CHAMPIONS

ARENAS = ("elders-ring", "drowned-steps")


def fight(args: tuple[int, str]) -> tuple[list[str], list[str], float]:
    """Red's champions, Blue's, and Red's score (1 won, 0.5 drew, 0 lost)."""
    seed, mode = args
    keys = list(CHAMPIONS)
    random.Random(seed).shuffle(keys)
    bout = {
        "ruleset": "arena-of-the-elders",
        "seed": seed,
        "options": {"mode": mode, "arena": ARENAS[seed % 2], "tactics": True},
        "gladiators": [
            {"name": k, "champion": k, "team": "Red" if n < 4 else "Blue"}
            for n, k in enumerate(keys)
        ],
    }
    winner = play(bout)["result"].get("winner")
    score = 1.0 if winner == "Red" else 0.0 if winner == "Blue" else 0.5
    return keys[:4], keys[4:], score


def table(results: list[tuple[list[str], list[str], float]]) -> str:
    keys = list(CHAMPIONS)
    won = {(a, b): 0.0 for a in keys for b in keys}
    met = {(a, b): 0 for a in keys for b in keys}
    overall = {k: 0.0 for k in keys}
    for red, blue, score in results:
        for side, other, s in ((red, blue, score), (blue, red, 1 - score)):
            for a in side:
                overall[a] += s
                for b in other:
                    won[(a, b)] += s
                    met[(a, b)] += 1
    names = [CHAMPIONS[k].name for k in keys]
    lines = [
        "| against | " + " | ".join(names) + " | overall |",
        "| --- | " + " | ".join("---:" for _ in names) + " | ---: |",
    ]
    for a in keys:
        cells = []
        for b in keys:
            cells.append("-" if a == b else f"{100 * won[(a, b)] / max(1, met[(a, b)]):.0f}%")
        total = 100 * overall[a] / len(results)
        lines.append(f"| {CHAMPIONS[a].name} | " + " | ".join(cells) + f" | {total:.1f}% |")
    red = sum(s for _, _, s in results) / len(results)
    lines.append("")
    lines.append(f"{len(results)} bouts; Red's share {100 * red:.1f}%.")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bouts", type=int, default=1000)
    parser.add_argument("--mode", default="deathmatch", choices=("deathmatch", "king", "flag"))
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    work = [(seed, args.mode) for seed in range(args.bouts)]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(fight, work, chunksize=20))
    else:
        results = [fight(w) for w in work]
    print(table(results))


if __name__ == "__main__":
    main()
