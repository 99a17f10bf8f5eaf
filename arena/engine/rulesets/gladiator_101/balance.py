"""Balance by simulation: the win rate of a feat, in bouts fought by the default tactics
between two gladiators alike in everything (scores 10/10/10, the standard kit) but that one
has the feat. Seeded: bout n of every feat uses seed n, so the table is reproduced exactly
(bench/g101_balance.py prints it; docs/rules/gladiator-101.md holds it).

A feat passes when its win rate is at most CEILING (no feat wins too much at its cost) and
clearly above one half (FLOOR: no feat is useless).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from arena.engine.core.dice import Dice
from arena.engine.core.events import Event
from arena.engine.rulesets.gladiator_101.feats import FEATS
from arena.engine.rulesets.gladiator_101.setup import setup_bout
from arena.engine.rulesets.gladiator_101.tactics import default_order
from arena.engine.rulesets.gladiator_101.turn import resolve_turn

SCORES = {"accuracy": 10, "reflex": 10, "strength": 10}
CEILING = 0.65
FLOOR = 0.52  # above a half by more than chance allows in 1,000 bouts (about 1.3 s.d.)


def duel(feats: tuple[list[str], list[str]], seed: int) -> str:
    """The winner's name ("" for a draw) of one bout fought by tactics."""
    return fought(feats, seed)[0]


def fought(feats: tuple[list[str], list[str]], seed: int) -> tuple[str, list[Event]]:
    """One bout fought by tactics: the winner's name ("" for a draw) and every event."""
    bout = {
        "seed": seed,
        "gladiators": [
            {"name": "With", "scores": SCORES, "feats": feats[0]},
            {"name": "Without", "scores": SCORES, "feats": feats[1]},
        ],
    }
    state = setup_bout(bout)
    dice = Dice.seeded(seed)
    events: list[Event] = []
    while not state.finished:
        state, more = resolve_turn(
            state, {state.actor.name: default_order(state, state.actor.name)}, dice
        )
        events += more
    standing = [f.name for f in state.fighters if f.standing]
    return (standing[0] if len(standing) == 1 else ""), events


def changes_a_bout(slug: str, bouts: int = 100) -> bool:
    """Whether the feat changes anything in the first `bouts` seeded bouts of its row: the
    winner or any event, against the same seeds fought without it. A feat the tactics never
    use (or that never comes into play) leaves every bout exactly as it was."""
    return any(fought(([slug], []), seed) != fought(([], []), seed) for seed in range(bouts))


@dataclass(frozen=True, slots=True)
class Row:
    slug: str
    name: str
    rarity: str
    cost: int
    wins: int
    draws: int
    bouts: int

    @property
    def rate(self) -> float:
        return (self.wins + self.draws / 2) / self.bouts

    @property
    def verdict(self) -> str:
        if self.rate > CEILING:
            return "too strong"
        if self.rate < FLOOR:
            return "too weak"
        return "ok"


def win_rate(slug: str, bouts: int = 1000, *, against: Iterable[str] = ()) -> Row:
    feat = FEATS[slug]
    wins = draws = 0
    for seed in range(bouts):
        winner = duel(([slug], list(against)), seed)
        wins += winner == "With"
        draws += winner == ""
    kind = "foil" if feat.foil else feat.rarity.value
    return Row(slug, feat.name, kind, feat.cost, wins, draws, bouts)


def baseline(bouts: int = 1000) -> float:
    """Two gladiators without feats: the share of the first listed (a half, up to chance)."""
    wins = sum(duel(([], []), seed) == "With" for seed in range(bouts))
    return wins / bouts
