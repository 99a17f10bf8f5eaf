"""Arena of the Elders: an activation's work by part, in instructions (callgrind).

The first N bench bouts of `elders_bench.py` (every mode on both arenas, by tactics) are
played activation by activation as `turn.team_turn` plays them; each activation's board, the
tactics' choice on it and the dice as it began are kept. Then each part is run alone over
every kept activation, and callgrind counts only that run (`--toggle-collect` on the
`functools.reduce` that drives it), so the building of the inputs does not count:

- choice: the tactics' choice (`tactics.activation`) on each board;
- resolution as built: `turn.activate` taking the tactics' activation as built (`sure`);
- resolution checked: `turn.activate` checking the path step by step and the target's range
  and sight, as it does a player's order.

Figures are instructions an activation; load-independent. With --clock, each part is timed
in this process instead (process time, best of 3): quicker, and as noisy as the machine.

    .venv/bin/python bench/elders_parts.py [--bouts 6] [--seed 7] [--clock]
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from callgrind import instructions as instructions_of
from elders_bench import bout_inputs

from arena.engine.core.dice import Dice
from arena.engine.core.records import replace
from arena.engine.core.turn import Turn
from arena.engine.rulesets.arena_of_the_elders import ArenaOfTheElders, State, tactics
from arena.engine.rulesets.arena_of_the_elders.changes import Changes
from arena.engine.rulesets.arena_of_the_elders.orders import Activation
from arena.engine.rulesets.arena_of_the_elders.state import OVER, PLAY
from arena.engine.rulesets.arena_of_the_elders.turn import (
    activate,
    end_turn,
    level_up,
    play_unordered_turns,
    sequence,
)

RULES = ArenaOfTheElders()
PARTS = ("choice", "built", "checked")
Kept = tuple[State, str, Activation, dict]


def kept_activations(count: int, seed: int) -> list[Kept]:
    """(board, name, the tactics' activation, the dice as it began) for every activation of
    the first `count` bench bouts."""
    out: list[Kept] = []
    for bout in bout_inputs(count, seed):
        state = RULES.setup(bout)
        dice = Dice.seeded(bout["seed"])
        while not RULES.is_over(state):
            orders = {w: RULES.tactics(state, w) for w in RULES.pending(state).who}
            if state.phase != PLAY:
                state, _ = RULES.apply(state, orders, dice)
                continue
            turn = Turn(dice)
            board = Changes(state)  # the turn's table of changes, as team_turn keeps it
            level_up(board, turn, state.acting, orders)
            for name in sequence(board, state.acting, orders):
                if board.phase == OVER:
                    break
                f = board.fighter(name)
                if not f.alive or f.skipping:
                    continue
                before = board.applied()  # the board the activation begins on, frozen
                act = tactics.activation(before, name)
                out.append((before, name, act, dice.to_json()))
                activate(board, turn, name, act, sure=True)
            if board.phase != OVER:
                end_turn(board, turn, state.acting)
            after = play_unordered_turns(board.applied(), turn)
            state = replace(after, steps=after.steps + 1)  # as turn.resolve_turn ends
    return out


def run(part: str, kept: list[Kept]) -> None:
    if part == "choice":
        functools.reduce(lambda _, k: tactics.activation(k[0], k[1]), kept, None)
        return
    turns = [Turn(Dice.from_json(d)) for _, _, _, d in kept]
    sure = part == "built"
    functools.reduce(
        lambda _, pair: resolved(pair[0], pair[1], sure), zip(kept, turns, strict=True), None
    )


def resolved(kept: Kept, turn: Turn, sure: bool) -> State:
    """The kept activation resolved on its board, into a new state as team_turn's would be."""
    board, name, act, _ = kept
    changes = Changes(board)
    activate(changes, turn, name, act, sure=sure)
    return changes.applied()


def _timed(part: str, kept: list[Kept]) -> float:
    start = time.process_time()
    run(part, kept)
    return time.process_time() - start


def counted(part: str, bouts: int, seed: int) -> int:
    args = [__file__, "--run", part, "--bouts", str(bouts), "--seed", str(seed)]
    return instructions_of(args, collect="functools_reduce")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bouts", type=int, default=6)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--clock", action="store_true", help="process time, in this process")
    parser.add_argument("--run", choices=PARTS, help=argparse.SUPPRESS)
    args = parser.parse_args()
    kept = kept_activations(args.bouts, args.seed)
    if args.run:
        run(args.run, kept)
        return
    print(f"arena-of-the-elders: {len(kept)} activations of the first {args.bouts} bench bouts")
    if args.clock:
        for part in PARTS:
            best = min(_timed(part, kept) for _ in range(3))
            print(f"  {part:8} {best / len(kept) * 1e6:8.1f} us an activation (best of 3)")
        return
    for part in PARTS:
        spent = counted(part, args.bouts, args.seed)
        print(f"  {part:8} {spent / len(kept) / 1e3:8.1f} k instructions an activation")


if __name__ == "__main__":
    main()
