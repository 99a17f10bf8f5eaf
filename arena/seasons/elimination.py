"""Single and double elimination brackets as plain data: no Django, no rule set.

A bracket is a list of matches. Each side of a match names where its gladiator comes from: a
seed (1 is the strongest), the winner or the loser of an earlier match, or nobody (a bye).
Each match is fought in the first season round after both its sources are (its `round`), so a
calendar plays a bracket one round at a time. `resolve` reads who stands where from the
winners known so far; byes are decided there and then, never fought.

Double elimination (docs/decisions/0078): a winners' bracket as single elimination; its losers
drop into a losers' bracket, which alternates a round among its own survivors with a round in
which the next winners' round's losers drop in, in reverse order so that two who met early do
not meet again at once; the grand final sets the winners' champion against the losers'; if the
losers' champion wins it, the bracket is reset and the two meet once more (nobody is out before
two losses).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from .bracket import bracket_size, seed_order

GRAND_FINAL = "GF"
RESET = "GF2"


class From(StrEnum):
    SEED = "seed"
    WINNER = "winner"
    LOSER = "loser"
    BYE = "bye"


@dataclass(frozen=True, slots=True)
class Side:
    source: From
    ref: int | str = 0  # the seed, or the key of the match it comes from

    @property
    def match(self) -> str | None:
        return self.ref if isinstance(self.ref, str) else None


@dataclass(frozen=True, slots=True)
class Match:
    key: str  # "W1.2": the winners' bracket, round 1, match 2; "L3.1"; "GF"; "GF2"
    round: int  # the season round it is fought in, 1 first
    first: Side
    second: Side
    reset: bool = False  # the grand final's second leg: fought only if the first was an upset


# A side not known yet (its source match is undecided); None is a bye.
PENDING = 0


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a match stands: its two seeds (PENDING: not known yet, None: a bye), and once
    decided its winner and loser (None: nobody). `fought` says a bout is wanted: both sides
    are gladiators and it is not decided."""

    match: Match
    first: int | None
    second: int | None
    winner: int | None = PENDING
    loser: int | None = PENDING

    @property
    def decided(self) -> bool:
        return self.winner != PENDING

    @property
    def fought(self) -> bool:
        return not self.decided and bool(self.first) and bool(self.second)


def _seeded_first_round(entrants: int, prefix: str) -> list[Match]:
    order = seed_order(bracket_size(entrants))
    return [
        Match(
            f"{prefix}1.{n}",
            1,
            Side(From.SEED, top) if top <= entrants else Side(From.BYE),
            Side(From.SEED, bottom) if bottom <= entrants else Side(From.BYE),
        )
        for n, (top, bottom) in enumerate(zip(order[::2], order[1::2], strict=True), start=1)
    ]


def _after(sides: Sequence[Side], rounds: Mapping[str, int]) -> int:
    return 1 + max((rounds[s.match] for s in sides if s.match is not None), default=0)


def _paired(prefix: str, number: int, sides: Sequence[Side], rounds: dict[str, int]) -> list[Match]:
    """Consecutive sides paired into round `number` of a bracket, each match timed after its
    sources."""
    matches = []
    for n, (a, b) in enumerate(zip(sides[::2], sides[1::2], strict=True), start=1):
        match = Match(f"{prefix}{number}.{n}", _after((a, b), rounds), a, b)
        rounds[match.key] = match.round
        matches.append(match)
    return matches


def single_elimination(entrants: int) -> list[Match]:
    """The usual bracket (arena/seasons/bracket.py): byes to the top seeds."""
    matches = _seeded_first_round(entrants, "W")
    rounds = {m.key: m.round for m in matches}
    current = matches
    number = 1
    while len(current) > 1:
        number += 1
        current = _paired("W", number, [Side(From.WINNER, m.key) for m in current], rounds)
        matches += current
    return matches


def double_elimination(entrants: int, *, reset: bool = True) -> list[Match]:
    """The winners' bracket, the losers' bracket and the grand final (and its reset)."""
    winners = single_elimination(entrants)
    rounds = {m.key: m.round for m in winners}
    by_round: dict[int, list[Match]] = {}
    for match in winners:
        by_round.setdefault(int(match.key[1:].split(".")[0]), []).append(match)
    depth = len(by_round)
    losers: list[Match] = []
    if depth == 1:  # two entrants: the final's loser is the losers' champion
        survivors = [Side(From.LOSER, winners[0].key)]
    else:
        survivors = [Side(From.LOSER, m.key) for m in by_round[1]]
        number = 0
        for dropping in range(2, depth + 1):
            number += 1
            current = _paired("L", number, survivors, rounds)
            losers += current
            survivors = [Side(From.WINNER, m.key) for m in current]
            dropped = [Side(From.LOSER, m.key) for m in reversed(by_round[dropping])]
            number += 1
            sides = [side for pair in zip(dropped, survivors, strict=True) for side in pair]
            current = _paired("L", number, sides, rounds)
            losers += current
            survivors = [Side(From.WINNER, m.key) for m in current]
    champion = Side(From.WINNER, winners[-1].key)
    final = Match(GRAND_FINAL, _after((champion, survivors[0]), rounds), champion, survivors[0])
    matches = [*winners, *losers, final]
    if reset:
        matches.append(
            Match(
                RESET,
                final.round + 1,
                Side(From.WINNER, GRAND_FINAL),
                Side(From.LOSER, GRAND_FINAL),
                reset=True,
            )
        )
    return matches


def resolve(matches: Sequence[Match], won: Mapping[str, int | None]) -> dict[str, Standing]:
    """Every match's standing, given the winners of the matches fought so far (`won`: key ->
    winning seed, None: no winner, both out). Matches come in bracket order (sources first),
    as the builders above give them."""
    out: dict[str, Standing] = {}

    def seat(side: Side) -> int | None:
        if side.source == From.SEED:
            return int(side.ref)
        if side.source == From.BYE:
            return None
        source = out[str(side.ref)]
        return source.winner if side.source == From.WINNER else source.loser

    for match in matches:
        first, second = seat(match.first), seat(match.second)
        standing = Standing(match, first, second)
        if first == PENDING or second == PENDING:
            pass
        elif first is None or second is None:
            standing = Standing(match, first, second, winner=first or second, loser=None)
        elif match.reset and out[GRAND_FINAL].first == first:
            # The winners' champion won the grand final: no reset, as if fought again.
            standing = Standing(match, first, second, winner=first, loser=second)
        elif match.key in won:
            winner = won[match.key]
            loser = None if winner is None else second if winner == first else first
            standing = Standing(match, first, second, winner=winner, loser=loser)
        out[match.key] = standing
    return out


def champion(matches: Sequence[Match], won: Mapping[str, int | None]) -> int | None:
    """The bracket's winner (PENDING until the last match is decided, None: nobody)."""
    return resolve(matches, won)[matches[-1].key].winner


def season_rounds(matches: Sequence[Match]) -> int:
    """How many season rounds the bracket takes at most (a reset not needed is one less)."""
    return max(m.round for m in matches)
