"""One round of Sudden Destruction, as the rule text orders it: "1. Attempt to increase one
tech level", "2. Actions", "3. Repair"; then whether the bout is over.

The text's action phase is table talk ("players take turns in whatever order they agree
upon"); here it is a protocol every plan is played by (docs/rules/sudden-destruction.md):

* The round runs in ticks. In each tick every counter still on the board carries out the
  next action of its plan, in initiative order: higher initiative first, equal initiative by
  seat, the seats rotating one place each round so that nobody always goes first.
* A step that brings a counter within an enemy's range (or an enemy within its own) lets
  whoever now has the other in range interrupt at once, if its plan says so and it has
  firing left.
* An attack: if the target has the higher initiative, movement left and its plan says
  "evade", it steps out of range by the shortest way and the attack is void (no firing
  used). Otherwise the target may fire back (its plan's "return fire", firing left, the
  attacker in range): the higher initiative resolves first and the other fires only if it is
  still on the board; on equal initiative both resolve whatever happens.
* Destruction is immediate; a destroyed counter does nothing more this round, except the
  pending shot of an equal-initiative exchange.

RULES.md maps every section of the rule text to the function that carries it out.
"""

from __future__ import annotations

from collections.abc import Mapping

from arena.engine.core.dice import Dice
from arena.engine.core.events import Event
from arena.engine.rulesets.sudden_destruction.actions import action_phase
from arena.engine.rulesets.sudden_destruction.ending import bout_end
from arena.engine.rulesets.sudden_destruction.orders import Plan
from arena.engine.rulesets.sudden_destruction.repair import repair_phase
from arena.engine.rulesets.sudden_destruction.round import Round
from arena.engine.rulesets.sudden_destruction.state import State
from arena.engine.rulesets.sudden_destruction.tech import tech_phase


def resolve_turn(
    state: State, orders: Mapping[str, Plan], dice: Dice
) -> tuple[State, tuple[Event, ...]]:
    """Play one round from the plans of the counters on the board (absent: an empty plan).
    Never changes what it is given; every random number comes from the dice. The phases
    change the round's counters (round.py), which its end freezes into the one new state."""
    turn = Round(dice, state, orders)
    tech_phase(turn)
    action_phase(turn)
    repair_phase(turn)
    return bout_end(turn), turn.told()
