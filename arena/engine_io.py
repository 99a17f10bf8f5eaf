"""The seam between models and the engine: bouts become plain engine input, output becomes rows."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from characters.rewards import bout_payout

from .models import Bout, BoutEntrant


def bout_engine_input(*, bout: Bout) -> dict[str, Any]:
    """Everything the engine needs, frozen at the moment of the fight (stored for replay)."""
    entrants = bout.entrants.select_related("gladiator").order_by("id")
    gladiators = []
    for entrant in entrants:
        g = entrant.gladiator
        equipped = sorted(g.holdings.filter(equipped=True).values_list("item", flat=True))
        entry: dict[str, Any] = {
            "name": g.name,
            "type": g.kind,
            "team": entrant.team or None,
            "equipment": equipped,
        }
        bonuses = {stat: n for stat, n in g.bonuses.items() if n}
        if bonuses:
            entry["bonuses"] = bonuses
        if g.tactics:
            entry["tactics"] = g.tactics
        gladiators.append(entry)
    return {
        "ruleset": bout.ruleset,
        "options": bout.options,
        "seed": bout.seed,
        "gladiators": gladiators,
    }


def bout_apply_result(*, bout: Bout, engine_input: dict[str, Any], output: dict[str, Any]) -> None:
    """Store the engine's output and pay it out (inside the caller's transaction)."""
    result = output.get("result", {})
    by_name = {row["name"]: row for row in result.get("standings", [])}
    entrants = list(bout.entrants.select_related("gladiator"))
    for entrant in entrants:
        row = by_name.get(entrant.gladiator.name, {})
        entrant.place = row.get("place")
        entrant.fate = row.get("fate") or BoutEntrant.Fate.SURVIVED
        entrant.defeated = len(row.get("defeated", []))
    BoutEntrant.objects.bulk_update(entrants, ["place", "fate", "defeated"])
    bout.engine_input = engine_input
    bout.log = output
    bout.ruleset_version = str(output.get("version", ""))
    bout.winner = str(result.get("winner") or "")
    bout.status = Bout.Status.RESOLVED
    bout.resolved_at = timezone.now()
    bout.save(
        update_fields=["engine_input", "log", "ruleset_version", "winner", "status", "resolved_at"]
    )
    bout_payout(
        bout=bout, output=output, gladiators={e.gladiator.name: e.gladiator for e in entrants}
    )
