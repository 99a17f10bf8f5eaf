"""Stone Duel, the worked example of docs/rulesets.md, joins the registry for these tests: the
contract test then covers it like the rule sets Ludus ships."""

from __future__ import annotations

from arena.engine.core.ruleset import register
from tests.rulesets.stone_duel import StoneDuel

register(StoneDuel)
