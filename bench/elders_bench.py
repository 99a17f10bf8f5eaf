"""Arena of the Elders engine speed: whole bouts per second, and activations per second (a
character's move and ability, chosen by the default tactics on the board as it stands, and
resolved). One core, in-process: the time is the process's CPU time, so that other work on a
shared machine does not count.

Bouts: seeded 4v4 bouts by tactics (random picks), every mode on both arenas in turn, played
whole twice over: by `arena.engine.play` (the log a stored bout keeps) and as the odds and the
lab fight them (`arena.engine.lab.duel.fight`, no log). The first pass is shown apart: it
builds what each arena's geometry keeps; the figure is the best of the later passes.

Activations: team turns are prepared first by playing such bouts; then only the resolution of
those turns is timed, each with its own seeded dice, best of 5. Every activation is one the
tactics chose when it came.

Instructions (`--instructions N`): the first N bench bouts through `fight()` counted by
callgrind, N bouts minus none (one more bout fought first in both runs, so imports and
start-up cancel out), with a fixed hash seed: figures that a loaded machine does not move.

    .venv/bin/python bench/elders_bench.py [--bouts N] [--turns N] [--seed S]
    .venv/bin/python bench/elders_bench.py --instructions 6
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from callgrind import instructions as instructions_of

from arena.engine import play
from arena.engine.core.dice import Dice
from arena.engine.lab.duel import fight
from arena.engine.rulesets.arena_of_the_elders import ARENAS, CHAMPIONS, ArenaOfTheElders, State
from arena.engine.rulesets.arena_of_the_elders.orders import Activation
from arena.engine.rulesets.arena_of_the_elders.state import PLAY
from arena.engine.rulesets.arena_of_the_elders.turn import resolve_turn

RULES = ArenaOfTheElders()
MODES = ("deathmatch", "king", "flag")


def random_bout(rng: random.Random) -> State:
    keys = list(CHAMPIONS)
    rng.shuffle(keys)
    bout = {
        "options": {
            "mode": rng.choice(MODES),
            "arena": rng.choice(sorted(ARENAS)),
            "tactics": True,
        },
        "gladiators": [
            {"name": k, "champion": k, "team": "Red" if n < 4 else "Blue"}
            for n, k in enumerate(keys)
        ],
    }
    state = RULES.setup(bout)
    orders = {w: RULES.tactics(state, w) for w in RULES.pending(state).who}
    state, _ = RULES.apply(state, orders, Dice.seeded(rng.randrange(2**32)))
    return state


def bout_inputs(count: int, seed: int) -> list[dict]:
    """`count` bout inputs: every mode on both arenas in turn, random picks, seeded dice."""
    rng = random.Random(seed)
    combos = [(mode, arena) for arena in sorted(ARENAS) for mode in MODES]
    out = []
    for n in range(count):
        keys = list(CHAMPIONS)
        rng.shuffle(keys)
        mode, arena = combos[n % len(combos)]
        out.append(
            {
                "ruleset": RULES.slug,
                "seed": rng.randrange(2**32),
                "options": {"mode": mode, "arena": arena, "tactics": True},
                "gladiators": [
                    {"name": k, "champion": k, "team": "Red" if i < 4 else "Blue"}
                    for i, k in enumerate(keys)
                ],
            }
        )
    return out


def time_bouts(bouts: list[dict], passes: int) -> tuple[float, float, float]:
    """Seconds for the first pass of play(), the best later pass of play(), and the best pass
    of fight()."""
    times = []
    for _ in range(passes):
        start = time.process_time()
        for bout in bouts:
            play(bout)
        times.append(time.process_time() - start)
    fights = []
    for _ in range(passes - 1):
        start = time.process_time()
        for bout in bouts:
            fight(RULES, bout)
        fights.append(time.process_time() - start)
    return times[0], min(times[1:]), min(fights)


def acting(state: State) -> int:
    return sum(1 for f in state.team(state.acting) if f.alive and not f.skipping)


# Every character is left to the tactics ({"auto": true}), chosen when its activation comes.
AUTO = {name: Activation(auto=True) for name in CHAMPIONS}


def prepare(turns: int, seed: int) -> list[tuple[State, int, int]]:
    """(state before a team's turn, its acting characters, a dice seed) for `turns` turns."""
    rng = random.Random(seed)
    out: list[tuple[State, int, int]] = []
    state = random_bout(rng)
    while len(out) < turns:
        if state.phase != PLAY:
            state = random_bout(rng)
            continue
        dice_seed = rng.randrange(2**32)
        out.append((state, acting(state), dice_seed))
        orders = {w: RULES.tactics(state, w) for w in RULES.pending(state).who}
        state, _ = RULES.apply(state, orders, Dice.seeded(dice_seed))
    return out


def _best(prepared: list[tuple[State, int, int]]) -> float:
    best = float("inf")
    for _ in range(5):
        dice = [Dice.seeded(seed) for _, _, seed in prepared]
        start = time.process_time()
        for (state, _, _), d in zip(prepared, dice, strict=True):
            resolve_turn(state, AUTO, d)
        best = min(best, time.process_time() - start)
    return best


def fight_only(count: int, of: int, seed: int) -> None:
    """Fight the first `count` of `of` bench bouts, after bout `of` as a warm-up."""
    bouts = bout_inputs(of + 1, seed)
    fight(RULES, bouts[of])
    for bout in bouts[:count]:
        fight(RULES, bout)


def instructions(count: int, of: int, seed: int) -> int:
    """Instructions callgrind counts for `fight_only(count, of, seed)` in a fresh process."""
    return instructions_of([__file__, "--fight-only", str(count), str(of), "--seed", str(seed)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bouts", type=int, default=48)
    parser.add_argument("--passes", type=int, default=4)
    parser.add_argument("--turns", type=int, default=400)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--instructions", type=int, metavar="N", help="instructions a fight() bout (callgrind)"
    )
    parser.add_argument("--fight-only", type=int, nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.fight_only:
        fight_only(*args.fight_only, args.seed)
        return
    if args.instructions:
        n = args.instructions
        spent = instructions(n, n, args.seed) - instructions(0, n, args.seed)
        print(f"arena-of-the-elders: {spent / n / 1e6:.1f} M instructions a fight() bout "
              f"(the first {n} bench bouts, callgrind)")  # fmt: skip
        return
    bouts = bout_inputs(args.bouts, args.seed)
    first, played, fought = time_bouts(bouts, max(2, args.passes))
    n = len(bouts)
    print(f"arena-of-the-elders: {n} whole 4v4 bouts by tactics (3 modes x 2 arenas)")
    print(f"  play():  {n / played:,.1f} bouts/s, {played / n * 1e3:.2f} ms a bout (best pass)")
    print(f"  fight(): {n / fought:,.1f} bouts/s, {fought / n * 1e3:.2f} ms a bout (best pass)")
    print(f"  first pass of play(), building the arenas' geometry: {n / first:,.1f} bouts/s")
    prepared = prepare(args.turns, args.seed)
    activations = sum(n for _, n, _ in prepared)
    seconds = _best(prepared)
    print(f"arena-of-the-elders: {len(prepared)} team turns, {activations} activations")
    print(
        f"  {activations / seconds:,.0f} activations/s, {seconds / activations * 1e6:.0f} us "
        "per activation (tactics' choice and its resolution; best of 5)"
    )


if __name__ == "__main__":
    main()
