"""Whole bouts a second for all five rule sets, side by side, each against its target.

One core, in this process, every bout fought by the default tactics from its setup to its
end, in two ways: as `arena.engine.play` fights it (the log with every turn's record, JSON
in and out) and as the odds simulation fights it (`arena.engine.lab.duel.fight`, what
`arena/engine/lab/odds.py` runs for every simulated bout: the same steps without the log).
The targets (issue 30) are judged on the odds simulation's figure. What is fought:

- GladiatorQuest: 1v1, barbarian (broadsword) against wizard (dagger), engine_bench.py's;
  not below 2,800.
- Gladiator Arena: 1v1, two lab builds at random starting squares, as a lab cell's bouts;
  not below 3,100.
- Sudden Destruction: 4 machines at random levels and tactics settings (sd_bench.py's); at
  least 1,000.
- Gladiator 101: 1v1 between random legal builds (g101_bench.py's); at least 1,000.
- Arena of the Elders: 4v4, 8 random champions, a random mode and arena (elders_bench.py's);
  at least 200.

Odds fight one matchup 2,000 times and a lab cell 1,000 times, each bout with its own seed:
here the entrants change every MATCHUP bouts (drawn from the bout's seed), every bout with
its own dice. The odds path's bouts have other seeds, so other matchups, than play's. The
clock is the process's CPU time, which the other processes of a shared machine move less
than the wall clock; the load average is printed beside it.

    .venv/bin/python bench/rulesets_bench.py [--seconds 2] [--only gladiator-101 ...]

With --instructions N it counts instead, with callgrind, the instructions of an odds bout of
each rule set over its first N odds bouts (N bouts minus none: the bouts are built in both
runs, one warm-up bout fought in both, a fixed hash seed), of this checkout or of another
(--root: main's, say, for a before and after); with --play as well, of a `play()` bout over
the first N of play's bouts (the log written, not dumped).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from callgrind import instructions as instructions_of
from engine_bench import ONE_V_ONE
from g101_bench import random_bout as random_g101_bout
from sd_bench import random_machines

from arena.engine import play, ruleset
from arena.engine.lab.builds import start_square_pool
from arena.engine.lab.duel import LabSpec, fight
from arena.engine.lab.duel import bout_input as lab_bout_input
from arena.engine.rulesets.arena_of_the_elders import ARENAS, CHAMPIONS

JSON = Any
ELDERS_MODES = ("deathmatch", "king", "flag")
MATCHUP = 100  # bouts of the same entrants (each with its own dice)


def matchup(seed: int) -> random.Random:
    """What draws the entrants of the bout of `seed`: the same for MATCHUP seeds in a row."""
    return random.Random(seed // MATCHUP)


def gladiatorquest_bout(seed: int) -> JSON:
    return ONE_V_ONE | {"seed": seed}


def gladiator_arena_bout(seed: int) -> JSON:
    """Two of the lab's builds at random starting squares (by the bout's seed), as a lab
    cell's bout is built."""
    rules = ruleset("gladiator-arena")
    options = rules.campaign.clean_options({}, by_tactics=True)
    spec = LabSpec(rules, options, bouts=1, seed=seed)
    first, second = matchup(seed).sample(rules.campaign.lab_builds(), 2)
    pool = start_square_pool(rules.campaign, options)
    return lab_bout_input(spec, first, second, seed, pool)


def gladiator_101_bout(seed: int) -> JSON:
    return {"ruleset": "gladiator-101", **random_g101_bout(matchup(seed), seed)}


def sudden_destruction_bout(seed: int) -> JSON:
    return {
        "ruleset": "sudden-destruction",
        "seed": seed,
        "options": {"tactics": True},
        "gladiators": random_machines(matchup(seed)),
    }


def elders_bout(seed: int) -> JSON:
    """8 champions drawn into two teams of 4, a random mode and arena (elders_bench.py)."""
    rng = matchup(seed)
    keys = list(CHAMPIONS)
    rng.shuffle(keys)
    return {
        "ruleset": "arena-of-the-elders",
        "seed": seed,
        "options": {
            "mode": rng.choice(ELDERS_MODES),
            "arena": rng.choice(sorted(ARENAS)),
            "tactics": True,
        },
        "gladiators": [
            {"name": k, "champion": k, "team": "Red" if n < 4 else "Blue"}
            for n, k in enumerate(keys[:8])
        ],
    }


@dataclass(frozen=True, slots=True)
class Case:
    slug: str
    bouts: str  # what is fought, in words
    target: int  # bouts a second, the odds simulation's
    rule: str  # "at least" or "not below" (today's figure, issue 30)
    make: Callable[[int], JSON]  # the bout of a seed


CASES = (
    Case("gladiatorquest", "1v1 barbarian vs wizard", 2_800, "not below", gladiatorquest_bout),
    Case("gladiator-arena", "1v1 lab builds", 3_100, "not below", gladiator_arena_bout),
    Case("sudden-destruction", "4 machines", 1_000, "at least", sudden_destruction_bout),
    Case("gladiator-101", "1v1 random builds", 1_000, "at least", gladiator_101_bout),
    Case("arena-of-the-elders", "4v4", 200, "at least", elders_bout),
)

ODDS_SEEDS = 1_000_000  # the odds path's bouts start here, play's at 1


def rate(fought: Callable[[JSON], object], make: Callable[[int], JSON], first_seed: int,
         seconds: float, least: int) -> tuple[float, int]:  # fmt: skip
    """Bouts a CPU second, fighting bouts of consecutive seeds (built before the clock
    starts, in batches) until `seconds` of CPU time and at least `least` bouts are spent."""
    done, cpu, seed = 0, 0.0, first_seed
    batch = 1
    while cpu < seconds or done < least:
        bouts = [make(seed + n) for n in range(batch)]
        seed += batch
        start = time.process_time()
        for bout in bouts:
            fought(bout)
        cpu += time.process_time() - start
        done += batch
        batch = min(200, batch * 2)
    return done / cpu, done


_COUNT = """
import sys
sys.path[:0] = [sys.argv[1], sys.argv[1] + "/bench"]
import rulesets_bench
from arena.engine import play, ruleset
from arena.engine.lab.duel import fight
case = next(c for c in rulesets_bench.CASES if c.slug == sys.argv[2])
rules, fought, by_play = ruleset(case.slug), 1 + int(sys.argv[4]), sys.argv[5] == "play"
first = 1 if by_play else rulesets_bench.ODDS_SEEDS
bouts = [case.make(first + n) for n in range(1 + int(sys.argv[3]))]
for bout in bouts[:fought]:
    play(bout) if by_play else fight(rules, bout)
"""


def instructions(root: Path, slug: str, bouts: int, fought: int, way: str = "odds") -> int:
    """Instructions callgrind counts for building `bouts` + 1 bouts of `slug` and fighting
    the first `fought` + 1 (`way`: "odds" as the odds path does, "play" through `play()`),
    with the code of checkout `root`."""
    return instructions_of(["-c", _COUNT, str(root), slug, str(bouts), str(fought), way])


def count(root: Path, slugs: list[str], bouts: int, way: str = "odds") -> None:
    what = "a `play()` bout, over play's" if way == "play" else "an odds bout, over the"
    print(f"instructions {what} first {bouts} bouts ({root}):")
    for slug in slugs:
        fought = instructions(root, slug, bouts, bouts, way)
        fought -= instructions(root, slug, bouts, 0, way)
        print(f"{slug:21s} {fought / bouts / 1e6:8.2f}M", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="CPU seconds of each of the two ways, per rule set")  # fmt: skip
    parser.add_argument("--least", type=int, default=5, help="bouts of each way at least")
    parser.add_argument("--only", nargs="*", choices=[c.slug for c in CASES])
    parser.add_argument("--instructions", type=int, metavar="N", help="count over N bouts")
    parser.add_argument("--play", action="store_true",
                        help="count play() bouts (--instructions)")  # fmt: skip
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent,
                        help="the checkout to count (--instructions)")  # fmt: skip
    args = parser.parse_args()
    if args.instructions:
        way = "play" if args.play else "odds"
        count(args.root, args.only or [c.slug for c in CASES], args.instructions, way)
        return
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"whole bouts by default tactics, one core, CPU time (load average {load}):")
    print(f"{'rule set':21s} {'bouts':25s} {'play()':>8s} {'odds':>8s}  target (odds)")
    failed = False
    for case in CASES:
        if args.only and case.slug not in args.only:
            continue
        rules = ruleset(case.slug)
        played, _ = rate(play, case.make, 1, args.seconds, args.least)
        odds, _ = rate(lambda b, r=rules: fight(r, b), case.make, ODDS_SEEDS, args.seconds,
                       args.least)  # fmt: skip
        met = odds >= case.target
        failed |= not met
        print(
            f"{case.slug:21s} {case.bouts:25s} {played:8,.0f} {odds:8,.0f}  "
            f"{case.rule} {case.target:,}: {'met' if met else 'NOT met'}",
            flush=True,
        )
    print("figures in bouts a CPU second; 'odds': as arena/engine/lab/odds.py fights them")
    if failed:
        print("a target is not met (a loaded machine slows every figure: see the load above)")


if __name__ == "__main__":
    main()
