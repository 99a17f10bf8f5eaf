"""The typed-order help of play by web (core.campaign.WebPlay.text_help): the rule set's own, or a
fallback built from the drawn order's words for a rule set without one."""

from __future__ import annotations

from arena.engine.core.campaign import TextHelp, WebPlay
from arena.engine.errors import EngineInputError


class Words(WebPlay):
    """A web part without text_help of its own."""

    def order_text(self, order):
        if "bad" in order:
            raise EngineInputError("order", "cannot be put in words")
        return f"Go: {order['go']}"


class Own(Words):
    def text_help(self, state, who, draft):
        return TextHelp(example=f"Go: A1 ({who})")


def test_a_rule_set_without_text_help_gets_the_drawn_order_as_its_example():
    help = Words().text_help(None, "Red", {"go": "C3"})
    assert help.example == help.start == "Go: C3"
    assert "forum's words" in help.note
    assert Words().text_help(None, "Red", {}).example == ""
    assert Words().text_help(None, "Red", {"bad": 1}).example == ""


def test_a_rule_set_with_text_help_is_asked():
    assert Own().text_help(None, "Red", {}).example == "Go: A1 (Red)"
