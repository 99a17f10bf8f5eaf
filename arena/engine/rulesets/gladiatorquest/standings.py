"""Places and the log: the standings (II.H, VI), each turn's record and the result."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arena.engine.core.events import Event
from arena.engine.core.protocol import Column, Fate, Standing
from arena.engine.rulesets.gladiatorquest.state import BoutState, Status

COLUMNS = (
    Column("defeats", "Defeated", "opponents he killed or made beg for mercy"),
    Column("tally", "Tally", "body points of damage he dealt (V.F.4)"),
    Column("body", "Body", "body points left"),
)
PLACING = (
    "The side left standing shares first place; the others by how long they lasted, then tally."
)

FATES = {Status.DEAD: Fate.DEAD, Status.MERCY: Fate.SPARED, Status.EXITED: Fate.SPARED}


def standings(state: BoutState) -> list[Standing]:
    return _standings(state, _defeats(state))


def _standings(state: BoutState, defeats: dict[str, list[str]]) -> list[Standing]:
    # (A side is a team or a name, never None: with no winner, nobody is among the winners.)
    winners = [f for f in state.fighters if f.side == state.winner]
    others = sorted(
        [f for f in state.fighters if f.side != state.winner],
        key=lambda f: (f.record.out_at == 0, f.record.out_at, f.tally, -f.gladiator.index),
        reverse=True,
    )
    first = len(winners) + 1 if winners else 1
    places = [(f, 1) for f in winners] + [(f, p) for p, f in enumerate(others, start=first)]
    return [
        Standing(
            name=f.name,
            side=f.side,
            place=place,
            fate=FATES.get(f.status, Fate.FIGHTING),
            extra={"defeats": len(defeats[f.name]), "tally": f.tally, "body": f.body},
        )
        for f, place in places
    ]


def _defeats(state: BoutState) -> dict[str, list[str]]:
    """Whom each gladiator defeated (killed, or made beg for mercy), in the order they went
    down."""
    out: dict[str, list[str]] = {f.name: [] for f in state.fighters}
    for victim in sorted(state.fighters, key=lambda v: (v.record.out_at, v.gladiator.index)):
        if victim.record.defeated_by in out:
            out[victim.record.defeated_by].append(victim.name)
    return out


def result(state: BoutState) -> dict[str, Any]:
    defeats = _defeats(state)
    rows = []
    for standing in _standings(state, defeats):
        f = state.named(standing.name)
        rows.append(
            {
                **standing.to_dict(),
                "team": f.gladiator.team,
                "defeated": defeats[f.name],
                "killed_by": f.record.killed_by,
                # VIII.E: thrown weapons not picked up are lost, like destroyed shields.
                "items_lost": [*f.record.items_lost, *f.record.thrown],
                "items_gained": list(f.record.items_gained),
                "potions_used": list(f.record.potions_used),
                "spells_left": list(f.spells),
            }
        )
    return {
        "finished": state.finished,
        "winner": state.winner,
        "reason": state.reason,
        "standings": rows,
    }


def record(state: BoutState, events: Sequence[Event]) -> dict[str, Any]:
    names, dead = state.options.names, Status.DEAD
    return {
        "turn": state.turn,
        "phase": state.phase,
        "events": [e.to_dict() for e in events],
        # Each gladiator as he stands after the turn.
        "gladiators": {
            f.name: {
                "square": None if f.square is None else names[f.square],
                "facing": str(f.facing),
                "body": f.body,
                "mind": f.gladiator.mind,
                "alive": f.status is not dead,
                "status": str(f.status),
                "points": f.points,
            }
            for f in state.fighters
        },
        "ground": [
            {"item": g.item, "square": str(g.square), "owner": g.owner} for g in state.ground
        ],
    }
