"""No write path locks the campaign row through a join (docs/architecture.md, "Locks"): every
`select_for_update` whose query joins another table, by `select_related` or by a lookup across
a relation, names the rows it locks with `of=`. PostgreSQL otherwise locks every joined row,
so a draft pick or an order would hold the whole campaign."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = ("arena", "characters", "campaign")
# The lookups that filter a column of the row itself (no join).
LOOKUPS = {
    "exact", "iexact", "in", "isnull", "gt", "gte", "lt", "lte", "range", "contains",
    "icontains", "startswith", "istartswith", "endswith", "iendswith", "date", "year",
}  # fmt: skip


def _chain(call: ast.Call) -> list[ast.Call]:
    """The calls of a query chain, outermost first: `a.b().c().d()` gives d, c, b."""
    calls = []
    node: ast.expr = call
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        calls.append(node)
        node = node.func.value
    return calls


def _joins(call: ast.Call) -> bool:
    name = call.func.attr  # type: ignore[union-attr]
    if name == "select_related":
        return True
    return any(
        kw.arg and "__" in kw.arg and not set(kw.arg.split("__")[1:]) <= LOOKUPS
        for kw in call.keywords
    )


def unnamed_locks_through_joins(source: str) -> list[int]:
    """Lines of the chains that lock with a join and do not say `of=`."""
    tree = ast.parse(source)
    found = []
    outermost = {
        id(inner) for node in ast.walk(tree) if isinstance(node, ast.Call)
        for inner in _chain(node)[1:]
    }  # fmt: skip
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or id(node) in outermost:
            continue
        chain = _chain(node)
        locks = [c for c in chain if c.func.attr == "select_for_update"]  # type: ignore[union-attr]
        if not locks or not any(_joins(c) for c in chain):
            continue
        if not any(kw.arg == "of" for lock in locks for kw in lock.keywords):
            found.append(node.lineno)
    return found


def test_the_check_finds_a_lock_through_a_join():
    bad = 'E.objects.select_for_update().select_related("campaign").get(pk=1)\n'
    across = "E.objects.select_for_update().filter(seat__event=e)\n"
    named = 'E.objects.select_for_update(of=("self",)).select_related("campaign").get(pk=1)\n'
    plain = "G.objects.select_for_update().filter(pk__in=ids).order_by('pk')\n"
    assert unnamed_locks_through_joins(bad) == [1]
    assert unnamed_locks_through_joins(across) == [1]
    assert unnamed_locks_through_joins(named) == []
    assert unnamed_locks_through_joins(plain) == []


def test_no_write_path_locks_through_a_join_without_naming_its_rows():
    offenders = []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts or "engine" in path.parts:
                continue
            for line in unnamed_locks_through_joins(path.read_text()):
                offenders.append(f"{path.relative_to(ROOT)}:{line}")
    assert offenders == []
