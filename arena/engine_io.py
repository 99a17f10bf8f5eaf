"""The seam between models and the engine: bouts become plain engine input, output becomes rows."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from .catalogue import default_equipment
from .models import Bout, BoutEntrant


def bout_engine_input(*, bout: Bout) -> dict[str, Any]:
    entrants = bout.entrants.select_related("gladiator").order_by("id")
    return {
        "ruleset": bout.ruleset,
        "options": bout.options,
        "seed": bout.seed,
        "gladiators": [
            {
                "name": e.gladiator.name,
                "type": e.gladiator.kind,
                "team": e.team or None,
                "equipment": default_equipment(bout.ruleset, e.gladiator.kind),
            }
            for e in entrants
        ],
    }


def bout_apply_result(*, bout: Bout, engine_input: dict[str, Any], output: dict[str, Any]) -> None:
    """Store the engine's output on the bout and its entrants (inside the caller's transaction)."""
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
