"""Gladiator 101's golden logs: whole bouts whose logs are stored, readable and diffable.

Each case in golden/ is a pair: `<case>.in.json`, the bout (seeded or with scripted dice, by
tactics or with given orders, written by hand), and `<case>.out.json`, its log as
`arena.engine.play` writes it, one event per line. test_golden_logs.py replays each and
compares byte for byte; a mismatch prints the diff of that one log.

After a deliberate change of behaviour (with the rule set's version bumped, and a decision
record saying why), regenerate the logs and review their diff:

    python -m tests.engine.gladiator_101.goldens
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from arena.engine import play

GOLDEN = Path(__file__).parent / "golden"
CASES = sorted(p.name.removesuffix(".in.json") for p in GOLDEN.glob("*.in.json"))


def _flat(value: Any) -> bool:
    """A value written on one line: a scalar, or a list or object of scalars and such lists
    (an event, a fighter's hit points)."""
    if isinstance(value, dict):
        return all(_flat(v) and not isinstance(v, dict) for v in value.values())
    if isinstance(value, list):
        return all(not isinstance(v, (dict, list)) for v in value)
    return True


def dump(value: Any, indent: int = 0) -> str:
    """JSON with every flat value (an event above all) on a line of its own."""
    if _flat(value):
        return json.dumps(value)
    pad, inner = " " * indent, " " * (indent + 1)
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k)}: {dump(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{pad}}}"
    items = [f"{inner}{dump(v, indent + 1)}" for v in value]
    return "[\n" + ",\n".join(items) + f"\n{pad}]"


def bout(case: str) -> dict[str, Any]:
    return json.loads((GOLDEN / f"{case}.in.json").read_text())


def log_text(case: str) -> str:
    """The case's log as it is stored."""
    return dump(play(bout(case))) + "\n"


def stored(case: str) -> str:
    return (GOLDEN / f"{case}.out.json").read_text()


def regenerate() -> None:
    for case in CASES:
        (GOLDEN / f"{case}.out.json").write_text(log_text(case))
        print(f"wrote golden/{case}.out.json")


if __name__ == "__main__":
    regenerate()
