"""Helpers for engine tests: build bouts, play them, look into the log."""

from __future__ import annotations

from typing import Any

from arena.engine import play


def gladiator(name: str, type_: str = "barbarian", **extra: Any) -> dict[str, Any]:
    return {"name": name, "type": type_, **extra}


def bout(
    *gladiators: dict[str, Any],
    dice: list[Any] | None = None,
    seed: int = 1,
    turns: list[Any] | None = None,
    **options: Any,
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "ruleset": "gladiatorquest",
        "options": {"board": [12, 12], **options},
        "gladiators": list(gladiators),
    }
    if dice is not None:
        out["dice"] = dice
    else:
        out["seed"] = seed
    if turns is not None:
        out["turns"] = turns
    return out


def events(result: dict[str, Any], kind: str | None = None) -> list[dict[str, Any]]:
    return [e for t in result["turns"] for e in t["events"] if kind is None or e["type"] == kind]


def standing(result: dict[str, Any], name: str) -> dict[str, Any]:
    return next(s for s in result["result"]["standings"] if s["name"] == name)


def orders(*per_turn: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"orders": o} for o in per_turn]


__all__ = ["bout", "events", "gladiator", "orders", "play", "standing"]
