"""Each rule set stands on core alone: no module of a rule set imports another rule set (what
two share lives in arena/engine/core), and core imports none. Every import statement counts,
also one inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

import arena.engine.core
import arena.engine.rulesets

RULESETS = Path(arena.engine.rulesets.__file__).parent
CORE = Path(arena.engine.core.__file__).parent
PACKAGE = "arena.engine.rulesets"


def imported(path: Path) -> set[str]:
    """The modules a file imports (absolute names; a relative import made absolute)."""
    package = ".".join(path.relative_to(RULESETS.parents[2]).with_suffix("").parts[:-1])
    return imported_by(path.read_text(), package)


def imported_by(source: str, package: str) -> set[str]:
    """The modules a module of `package` with this source imports."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def rule_set_of(module: str) -> str | None:
    """The rule set a module name belongs to ("gladiator_arena"), or None."""
    parts = module.split(".")
    return parts[3] if len(parts) > 3 and ".".join(parts[:3]) == PACKAGE else None


def test_the_walk_sees_every_rule_set_and_their_imports_of_core():
    folders = {p.name for p in RULESETS.iterdir() if (p / "ruleset.py").exists()}
    assert {"gladiator_arena", "gladiatorquest", "arena_of_the_elders"} <= folders
    found = imported(RULESETS / "gladiator_101" / "web.py")
    assert "arena.engine.core.forum" in found  # the walk reads imports as they are written


def test_no_rule_set_imports_another():
    crossings = []
    for folder in sorted(p for p in RULESETS.iterdir() if p.is_dir()):
        for path in sorted(folder.rglob("*.py")):
            for module in imported(path):
                other = rule_set_of(module)
                if other is not None and other != folder.name:
                    crossings.append(f"{path.relative_to(RULESETS)} imports {module}")
    assert crossings == []


def test_core_imports_no_rule_set():
    crossings = [
        f"{path.name} imports {module}"
        for path in sorted(CORE.rglob("*.py"))
        for module in imported(path)
        if rule_set_of(module) is not None
    ]
    assert crossings == []


def test_an_import_of_another_rule_set_is_seen():
    """The check itself: another rule set imported inside a function, or relatively."""
    source = (
        "from . import orders\n"
        "def post():\n"
        "    from arena.engine.rulesets.gladiator_arena.forum import x\n"
        "    from ..gladiatorquest import state\n"
    )
    modules = imported_by(source, f"{PACKAGE}.gladiator_101")
    found = {rule_set_of(m) for m in modules} - {None}
    assert found == {"gladiator_101", "gladiator_arena", "gladiatorquest"}
