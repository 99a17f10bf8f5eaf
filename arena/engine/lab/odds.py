"""Odds before the fight: each entrant's chance to win and to die, from simulated bouts of the
exact entrants and options of a bout, fought by their tactics.

The simulated bouts' seeds come from a seed of their own (the caller derives it from the
builds and options), never from the bout's secret seed: the odds reveal nothing of the dice the
bout will roll. Bout n always has the same seed, so the bouts can be fought in batches (and a
batch fought again after a lost worker) and add up to the same figures as one long run.

The sample is adaptive: the caller fights batches until `settled` says every entrant's chance
to win is known within MARGIN (the wider side of its 95% Wilson interval), or a cap. A rule set
without dice whose entrants start on fixed squares fights the same bout every time: every
simulated bout ends the same way (`unanimous`), and 189 such bouts already bound any other
outcome below 2%.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arena.engine.core.campaign import Entrant
from arena.engine.core.protocol import Fate
from arena.engine.lab.duel import bout_seed, fight
from arena.engine.lab.report import wilson

JSON = Any
MARGIN = 0.02  # the wider side of the 95% interval of a chance to win, at most
# The fewest bouts, in whole batches, at which any chance to win is within MARGIN: 2,400 bouts
# hold even a 50% chance to +-1.998 points (Wilson), so the cap never leaves a figure wider.
CAP = 2_400
# Bouts between two looks at the figures (stop?) and at the job (cancelled?): a fraction of a
# second for most rule sets, so a cancelled job stops soon and a lost one loses little.
BATCH = 50


def margin(wins: int, bouts: int) -> float:
    """The wider side of the 95% Wilson interval of `wins` in `bouts` (1.0 for no bouts)."""
    if bouts <= 0:
        return 1.0
    p = wins / bouts
    low, high = wilson(p, bouts)
    return max(high - p, p - low)


@dataclass(frozen=True, slots=True)
class Odds:
    """One entrant's record over the simulated bouts: won (its side alone in first place), or
    died."""

    name: str
    bouts: int
    wins: int
    deaths: int

    @property
    def win(self) -> float:
        return self.wins / self.bouts if self.bouts else 0.0

    @property
    def death(self) -> float:
        return self.deaths / self.bouts if self.bouts else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        return wilson(self.win, self.bouts)

    @property
    def death_interval(self) -> tuple[float, float]:
        return wilson(self.death, self.bouts)

    def to_dict(self) -> dict[str, JSON]:
        return {"name": self.name, "bouts": self.bouts, "wins": self.wins, "deaths": self.deaths}

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Odds:
        return cls(data["name"], data["bouts"], data["wins"], data["deaths"])

    @property
    def win_margin(self) -> float:
        return margin(self.wins, self.bouts)

    def __add__(self, more: Odds) -> Odds:
        """This record and a later batch's of the same entrant."""
        if more.name != self.name:
            raise ValueError(f"{more.name}'s bouts cannot be added to {self.name}'s")
        return Odds(
            self.name, self.bouts + more.bouts, self.wins + more.wins, self.deaths + more.deaths
        )


def settled(odds: Sequence[Odds], *, within: float = MARGIN) -> bool:
    """Whether every entrant's chance to win is known within `within` (95% interval)."""
    return bool(odds) and all(o.win_margin <= within for o in odds)


def unanimous(odds: Sequence[Odds]) -> bool:
    """Whether every simulated bout ended the same way: each entrant won all or none of them,
    and died in all or none (who wins and who dies is all the odds count)."""
    return bool(odds) and all(
        o.bouts > 0 and o.wins in (0, o.bouts) and o.deaths in (0, o.bouts) for o in odds
    )


def fight_odds(
    ruleset: Any,
    entrants: Sequence[Entrant],
    options: Mapping[str, JSON],
    *,
    bouts: int,
    seed: int,
    start: int = 0,
    adapter: Any = None,
    picks: Sequence[Sequence[str]] = (),
) -> list[Odds]:
    """Each entrant's wins and deaths in `bouts` tactics bouts of these entrants and options:
    bouts number `start` to `start + bouts - 1` of the seed (a batch of a longer run).

    `adapter`: the campaign adapter that builds each bout's input, as the real bout's would
    (one seeing the campaign's GM content); the rule set's own by default. `picks`: the house
    champions a pick phase chose, given to it as the real bout gives them."""
    adapter = adapter if adapter is not None else ruleset.campaign
    picked = {"picks": picks} if picks else {}
    wins = dict.fromkeys((e.name for e in entrants), 0)
    deaths = dict(wins)
    for n in range(start, start + bouts):
        bout = adapter.bout_input(
            entrants, options, seed=bout_seed(seed, "odds", "", n), by_tactics=True, **picked
        )
        standings = fight(ruleset, bout)
        if standings is None:
            continue  # the turn bound: nobody won
        # A side wins when it alone holds first place: every member of a winning team wins.
        first = {s.side for s in standings if s.place == 1}
        for s in standings:
            if s.name not in wins:
                continue  # a house champion the rule set added
            wins[s.name] += len(first) == 1 and s.side in first
            deaths[s.name] += s.fate is Fate.DEAD
    return [Odds(e.name, bouts, wins[e.name], deaths[e.name]) for e in entrants]
