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
here the entrants are the same for MATCHUP seeds in a row (drawn from the bout's seed), every
bout with its own dice, and a run takes its bouts from a rule set's `matchups` matchups in
turn, so that a short run of costly bouts weighs several matchups alike rather than its first
one alone (an Elders matchup's mode and arena can make its bouts several times dearer than
another's). The odds path's bouts have other seeds, so other matchups, than play's. The
clock is the process's CPU time, which the other processes of a shared machine move less
than the wall clock; the load average is printed beside it.

    .venv/bin/python bench/rulesets_bench.py [--seconds 2] [--only gladiator-101 ...]

With --instructions N it counts instead, with callgrind, the instructions of an odds bout of
each rule set over its first N odds bouts (N bouts minus none: the bouts are built in both
runs, one warm-up bout fought in both, a fixed hash seed), of this checkout or of another
(--root: main's, say, for a before and after); with --play, the same bouts by `play()`, log and
all.

With --against COMMIT (b540cfd: the engine as it stood when issues 23 and 30 set their
targets) it fights the same bouts (`Case.against` of them, from its matchups) through that
commit's engine and this checkout's, each in a fresh process, in turn, --rounds times, and
prints each rule set's speed against that commit's, each way timed after a first pass both
ways that is not counted (so neither way pays for what an engine works out once a matchup,
whichever runs first). The targets were set on a faster machine:
there that commit's GladiatorQuest made 2,818 1v1 `play()` bouts a second (engine_bench.py),
so its figure here says how fast this machine is. It is fought again beside every rule set in
every round (a shared machine's speed drifts within a run), and each target is restated at the
speed beside its own rule set ("not below today's figure": not below that commit's own figure
here).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
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
from worktree import checkout_of, python_in

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
    matchups: int  # a run's bouts are taken from this many matchups in turn
    against: int  # bouts each engine fights a round, with --against


CASES = (
    Case("gladiatorquest", "1v1 barbarian vs wizard", 2_800, "not below", gladiatorquest_bout,
         1, 1_000),
    Case("gladiator-arena", "1v1 lab builds", 3_100, "not below", gladiator_arena_bout, 10,
         1_000),
    Case("sudden-destruction", "4 machines", 1_000, "at least", sudden_destruction_bout, 6, 300),
    Case("gladiator-101", "1v1 random builds", 1_000, "at least", gladiator_101_bout, 6, 300),
    Case("arena-of-the-elders", "4v4", 200, "at least", elders_bout, 8, 48),
)  # fmt: skip

ODDS_SEEDS = 1_000_000  # the odds path's bouts start here, play's at 1


def seed_of(first: int, bout: int, matchups: int) -> int:
    """The seed of a run's `bout`th bout (from 0): its matchups in turn, each one's seeds in
    a row from its first."""
    return first + bout % matchups * MATCHUP + bout // matchups


def rate(fought: Callable[[JSON], object], case: Case, first_seed: int, seconds: float,
         least: int) -> tuple[float, int]:  # fmt: skip
    """Bouts a CPU second, fighting the case's bouts from `first_seed` on (built before the
    clock starts, in batches) until `seconds` of CPU time and at least `least` bouts are
    spent."""
    done, cpu = 0, 0.0
    batch = 1
    while cpu < seconds or done < least:
        bouts = [case.make(seed_of(first_seed, done + n, case.matchups)) for n in range(batch)]
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
from arena.engine import ruleset
from arena.engine.lab.duel import fight
case = next(c for c in rulesets_bench.CASES if c.slug == sys.argv[2])
rules, fought = ruleset(case.slug), 1 + int(sys.argv[4])
bouts = [case.make(rulesets_bench.ODDS_SEEDS + n) for n in range(1 + int(sys.argv[3]))]
for bout in bouts[:fought]:
    if sys.argv[5] == "play":
        rules.play(bout)
    else:
        fight(rules, bout)
"""


def instructions(root: Path, slug: str, bouts: int, fought: int, way: str = "odds") -> int:
    """Instructions callgrind counts for building `bouts` + 1 odds bouts of `slug` and
    fighting the first `fought` + 1 (`way`: as odds does, or by `play()` with its log), with
    the code of checkout `root`."""
    return instructions_of(["-c", _COUNT, str(root), slug, str(bouts), str(fought), way])


def count(root: Path, slugs: list[str], bouts: int, way: str = "odds") -> None:
    bout = "a play() bout" if way == "play" else "an odds bout"
    print(f"instructions {bout}, over the first {bouts} odds bouts ({root}):")
    for slug in slugs:
        fought = instructions(root, slug, bouts, bouts, way) - instructions(
            root, slug, bouts, 0, way
        )
        print(f"{slug:21s} {fought / bouts / 1e6:8.2f}M", flush=True)


# The machine that set the targets: there the engine at TARGETS_COMMIT made this many 1v1
# GladiatorQuest play() bouts a second (engine_bench.py, issue 30's "about 2,800").
TARGETS_COMMIT = "b540cfd"
TARGETS_MACHINE_GQ = 2_818
GQ_ONE_V_ONE_TARGET = 2_000  # issue 23: 1v1 play() bouts a second, on that machine

# Fights every bout of a JSON file once through play() and once as the odds do, with the code
# of the checkout first on PYTHONPATH; prints the CPU seconds of each way. A first pass both
# ways is not counted: what an engine works out once a process or once a matchup (tables,
# kept plans) is then paid by neither way, whichever is timed first, as in an odds job's
# 2,000 bouts of one matchup.
_FIGHT_ALL = """
import json, sys, time
from arena.engine import play, ruleset
from arena.engine.lab.duel import fight
slug, bouts = sys.argv[1], json.load(open(sys.argv[2]))
rules = ruleset(slug)
for bout in bouts:
    play(bout)
    fight(rules, bout)
start = time.process_time()
for bout in bouts:
    play(bout)
played = time.process_time() - start
start = time.process_time()
for bout in bouts:
    fight(rules, bout)
print(played, time.process_time() - start)
"""


def _fought(checkout: Path, slug: str, bouts_file: str) -> tuple[float, float]:
    """CPU seconds of `checkout`'s engine for the bouts in `bouts_file`: play(), odds."""
    played, odds = python_in(checkout, _FIGHT_ALL, slug, bouts_file).split()
    return float(played), float(odds)


def against(commit: str, slugs: list[str], rounds: int) -> None:
    """This checkout's play() and odds bouts a CPU second against `commit`'s, on the same
    bouts, each engine in a fresh process, in turn; the best round of each (the least
    disturbed). Then the targets restated at this machine's speed."""
    here = Path(__file__).resolve().parent.parent
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"the same bouts through the engine at {commit} and this checkout's, best of "
          f"{rounds} rounds in turn, bouts a CPU second (load average {load}):")  # fmt: skip
    print(f"{'rule set':21s} {'bouts':>5s} {'play(): then':>13s} {'now':>7s} {'x':>6s} "
          f"{'odds: then':>11s} {'now':>7s} {'x':>6s}")  # fmt: skip
    rates: dict[str, tuple[float, float, float, float]] = {}
    # The machine's speed beside each rule set's bouts: the old engine's GladiatorQuest 1v1
    # play() fought again in every round of every rule set, so that a target is restated at the
    # speed of the minutes its rule set was fought in (a shared machine's speed drifts).
    reference: dict[str, float] = {}
    gq = next(c for c in CASES if c.slug == "gladiatorquest")
    with (
        checkout_of(commit) as old,
        tempfile.NamedTemporaryFile("w", suffix=".json") as file,
        tempfile.NamedTemporaryFile("w", suffix=".json") as gq_file,
    ):
        json.dump([gq.make(seed_of(1, n, gq.matchups)) for n in range(gq.against)], gq_file)
        gq_file.flush()
        for case in CASES:
            if case.slug not in slugs:
                continue
            bouts = [case.make(seed_of(1, n, case.matchups)) for n in range(case.against)]
            file.seek(0)
            file.truncate()
            json.dump(bouts, file)
            file.flush()
            best = [0.0, 0.0, 0.0, 0.0]  # then play, now play, then odds, now odds
            for _ in range(rounds):
                for which, checkout in ((0, old), (1, here)):
                    played, odds = _fought(checkout, case.slug, file.name)
                    best[which] = max(best[which], len(bouts) / played)
                    best[2 + which] = max(best[2 + which], len(bouts) / odds)
                if case is not gq:
                    played, _ = _fought(old, gq.slug, gq_file.name)
                    reference[case.slug] = max(reference.get(case.slug, 0.0), gq.against / played)
            rates[case.slug] = then_play, now_play, then_odds, now_odds = tuple(best)
            reference.setdefault(case.slug, then_play)
            print(
                f"{case.slug:21s} {len(bouts):5d} {then_play:13,.0f} {now_play:7,.0f} "
                f"{now_play / then_play:6.2f} {then_odds:11,.0f} {now_odds:7,.0f} "
                f"{now_odds / then_odds:6.2f}",
                flush=True,
            )
    print(
        f"this machine: {commit}'s GladiatorQuest 1v1 makes "
        + ", ".join(f"{reference[slug]:,.0f} (beside {slug})" for slug in rates)
        + f" play() bouts a CPU second here, {TARGETS_MACHINE_GQ:,} where the targets were set. "
        "Each target at the speed beside its rule set, judged on play() (as the issue measured "
        "its figures) and on the odds path:"
    )
    for case in CASES:
        if case.slug not in rates:
            continue
        speed = reference[case.slug] / TARGETS_MACHINE_GQ
        then_play, now_play, then_odds, now_odds = rates[case.slug]
        if case.rule == "not below":
            words = f"not below {commit}'s figures here"
            by_play, by_odds = then_play, then_odds
        else:
            words = f"at least {case.target:,} x {speed:.2f}"
            by_play = by_odds = case.target * speed
        print(
            f"{case.slug:21s} {words}: play() {now_play:,.0f} of {by_play:,.0f} "
            f"{_met(now_play, by_play)}, odds {now_odds:,.0f} of {by_odds:,.0f} "
            f"{_met(now_odds, by_odds)}"
        )
    if "gladiatorquest" not in rates:
        return
    gq_play = rates["gladiatorquest"][1]
    speed = reference["gladiatorquest"] / TARGETS_MACHINE_GQ
    restated = GQ_ONE_V_ONE_TARGET * speed
    print(
        f"gladiatorquest 1v1 play() (issue 23): at least {GQ_ONE_V_ONE_TARGET:,} x {speed:.2f}: "
        f"{restated:,.0f}, now {gq_play:,.0f}: {_met(gq_play, restated)}"
    )


def _met(figure: float, target: float) -> str:
    return "met" if figure >= target else "NOT met"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="CPU seconds of each of the two ways, per rule set")  # fmt: skip
    parser.add_argument("--least", type=int, default=5, help="bouts of each way at least")
    parser.add_argument("--only", nargs="*", choices=[c.slug for c in CASES])
    parser.add_argument("--instructions", type=int, metavar="N", help="count over N bouts")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent,
                        help="the checkout to count (--instructions)")  # fmt: skip
    parser.add_argument("--against", metavar="COMMIT", const=TARGETS_COMMIT, nargs="?",
                        help=f"against COMMIT's engine (default {TARGETS_COMMIT})")  # fmt: skip
    parser.add_argument("--rounds", type=int, default=3, help="runs of each engine (--against)")
    parser.add_argument("--play", action="store_true",
                        help="count play() bouts, log and all (--instructions)")  # fmt: skip
    args = parser.parse_args()
    if args.against:
        against(args.against, args.only or [c.slug for c in CASES], args.rounds)
        return
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
        played, _ = rate(play, case, 1, args.seconds, args.least)
        odds, _ = rate(lambda b, r=rules: fight(r, b), case, ODDS_SEEDS, args.seconds,
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
