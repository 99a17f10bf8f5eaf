"""Phase 3, "Repair": every counter on the board removes damage up to its repair rate."""

from __future__ import annotations

from arena.engine.rulesets.sudden_destruction.events import Phase, PhaseBegan, Repaired
from arena.engine.rulesets.sudden_destruction.round import Round
from arena.engine.rulesets.sudden_destruction.state import Machine


def repair_phase(turn: Round) -> None:
    turn.tell(PhaseBegan(turn.number, Phase.REPAIR))
    turn.machines = [repair(m, turn) for m in turn.machines]


def repair(m: Machine, turn: Round) -> Machine:
    """'Each player can remove a number of damage points equal to their repair rate.'"""
    if not m.alive or m.damage <= 0 or m.levels.repair <= 0:
        return m
    after = max(0, m.damage - m.levels.repair)
    turn.tell(Repaired(m.name, m.damage, after))
    return m._replace(damage=after)
