"""The seam between models and the engine: bouts become plain engine input, output becomes rows.

Each rule set names its gladiators' fields differently (GladiatorQuest: type, equipment,
bonuses, tactics; Gladiator Arena: race, weapon, square), so the entry builders are a small
registry by slug; everything after the engine's output is shared.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils import timezone

from characters.catalogue import GLADIATOR_ARENA, GLADIATORQUEST
from characters.models import Gladiator
from characters.rewards import bout_payout

from .models import Bout, BoutEntrant


def _equipped(g: Gladiator) -> list[str]:
    return sorted(g.holdings.filter(equipped=True).values_list("item", flat=True))


def _gladiatorquest_entry(entrant: BoutEntrant) -> dict[str, Any]:
    g = entrant.gladiator
    entry: dict[str, Any] = {
        "name": g.name,
        "type": g.kind,
        "team": entrant.team or None,
        "equipment": _equipped(g),
    }
    bonuses = {stat: n for stat, n in g.bonuses.items() if n}
    if bonuses:
        entry["bonuses"] = bonuses
    if g.tactics:
        entry["tactics"] = g.tactics
    if entrant.start_square:
        entry["square"] = entrant.start_square
    return entry


def _gladiator_arena_entry(entrant: BoutEntrant) -> dict[str, Any]:
    g = entrant.gladiator
    weapons = _equipped(g)
    return {
        "name": g.name,
        "race": g.kind,
        "weapon": weapons[0] if weapons else "",
        "square": entrant.start_square,
    }


ENTRY_BUILDERS: dict[str, Callable[[BoutEntrant], dict[str, Any]]] = {
    GLADIATORQUEST: _gladiatorquest_entry,
    GLADIATOR_ARENA: _gladiator_arena_entry,
}


def auto_squares(width: int, height: int, count: int, taken: set[str]) -> list[str]:
    """Starting squares spread evenly around the board's edge, avoiding the taken ones."""
    ring = (
        [(c, 0) for c in range(width)]
        + [(width - 1, r) for r in range(1, height)]
        + [(c, height - 1) for c in range(width - 2, -1, -1)]
        + [(0, r) for r in range(height - 2, 0, -1)]
    )
    names = [f"{chr(ord('A') + c)}{r + 1}" for c, r in ring]
    free = [n for n in names if n not in taken]
    step = max(1, len(free) // max(1, count))
    return [free[(i * step) % len(free)] for i in range(count)]


def bout_engine_input(*, bout: Bout) -> dict[str, Any]:
    """Everything the engine needs, frozen at the moment of the fight (stored for replay)."""
    entrants = list(bout.entrants.select_related("gladiator").order_by("id"))
    builder = ENTRY_BUILDERS[bout.ruleset]  # a rule set campaigns can use has a builder
    gladiators = [builder(e) for e in entrants]
    options = dict(bout.options)
    if bout.ruleset == GLADIATOR_ARENA:
        width, height = options.get("board", [8, 8])
        missing = [g for g in gladiators if not g["square"]]
        taken = {g["square"] for g in gladiators if g["square"]}
        for entry, square in zip(
            missing, auto_squares(width, height, len(missing), taken), strict=True
        ):
            entry["square"] = square
        if bout.mode == Bout.Mode.TACTICS:
            options["tactics"] = True  # nobody gives orders: tactics fight the whole bout
    engine_input: dict[str, Any] = {"ruleset": bout.ruleset, "options": options}
    if bout.ruleset != GLADIATOR_ARENA:  # Gladiator Arena rolls no dice
        engine_input["seed"] = bout.seed
    engine_input["gladiators"] = gladiators
    return engine_input


def bout_store_log(*, bout: Bout, engine_input: dict[str, Any], output: dict[str, Any]) -> None:
    """Keep the engine's input and output on the bout (the replayable record so far)."""
    bout.engine_input = engine_input
    bout.log = output
    bout.ruleset_version = str(output.get("version", ""))


def bout_fail(*, bout: Bout, engine_input: dict[str, Any] | None, reason: str) -> Bout:
    """The bout cannot be fought (an entrant died elsewhere, the engine refused it): record
    why, pay nothing. It is never retried blindly; the GM reschedules."""
    bout.status = Bout.Status.FAILED
    bout.failure = reason
    bout.engine_input = engine_input
    bout.resolved_at = timezone.now()
    bout.turn_deadline = None
    bout.save(update_fields=["status", "failure", "engine_input", "resolved_at", "turn_deadline"])
    return bout


def bout_apply_result(*, bout: Bout, engine_input: dict[str, Any], output: dict[str, Any]) -> None:
    """Store the engine's final output and pay it out (inside the caller's transaction)."""
    result = output.get("result", {})
    by_name = {row["name"]: row for row in result.get("standings", [])}
    entrants = list(bout.entrants.select_related("gladiator"))
    outcomes = bout_payout(
        bout=bout, output=output, gladiators={e.gladiator.name: e.gladiator for e in entrants}
    )
    for entrant in entrants:
        name = entrant.gladiator.name
        entrant.place = by_name.get(name, {}).get("place")
        entrant.fate = outcomes[name].fate
        entrant.defeated = outcomes[name].opponents_defeated
    BoutEntrant.objects.bulk_update(entrants, ["place", "fate", "defeated"])
    bout_store_log(bout=bout, engine_input=engine_input, output=output)
    bout.winner = outcomes_winner(result, outcomes)
    bout.status = Bout.Status.RESOLVED
    bout.resolved_at = timezone.now()
    bout.turn_deadline = None
    bout.save(
        update_fields=[
            "engine_input", "log", "ruleset_version", "winner", "status", "resolved_at",
            "turn_deadline",
        ]
    )  # fmt: skip


def outcomes_winner(result: dict[str, Any], outcomes: dict) -> str:
    if result.get("winner"):
        return str(result["winner"])
    winners = [name for name, o in outcomes.items() if o.won]
    return ", ".join(sorted(winners))
