"""The forum format of the rules' second post: parsing players' posts, writing the GM's."""

from __future__ import annotations

import re

import pytest

from arena.engine.core.board import Square
from arena.engine.rulesets.gladiator_arena import (
    Concession,
    ForumFormatError,
    Gladiator,
    Markup,
    Options,
    Order,
    Race,
    Weapon,
    board_grid,
    format_order,
    format_turn_post,
    new_state,
    parse_forum_order,
)
from tests.engine.gladiator_arena.helpers import order, place, resolve


def test_it_reads_the_second_posts_example():
    """Second post: 'Turn 1 ... Move: D5 / Strike: E6,E5'."""
    assert parse_forum_order("Turn 1\n\nMove: D5\nStrike: E6,E5\n") == order("D5", "E6", "E5")


def test_it_is_case_insensitive_and_tolerant_of_spaces():
    text = "  move :d5 \n STRIKE:  e6 , e5  \n"
    assert parse_forum_order(text) == order("D5", "E6", "E5")


def test_it_reads_move_to_and_the_gms_echo_of_results():
    """Second post, the GM's echo: 'Move to: D5 / Strike: E6,E5 = miss, miss'."""
    assert parse_forum_order("Move to: D5\nStrike: E6,E5 = miss, miss") == order("D5", "E6", "E5")


def test_strike_only_and_staying():
    assert parse_forum_order("Strike: C3") == order(None, "C3")
    assert parse_forum_order("Move: stay\nStrike: none") == Order()
    assert parse_forum_order("") == Order()


def test_concede_lines():
    assert parse_forum_order("Concede") == Order(concede=Concession.AWARD_KILL)
    assert parse_forum_order("concede: lose kill") == Order(concede=Concession.LOSE_KILL)


def test_errors_are_in_words_with_line_numbers():
    with pytest.raises(ForumFormatError) as info:
        parse_forum_order("Move: D5\nhello there\nStrike: E6, Q\nMove: D6")
    assert info.value.problems == (
        "line 2: 'hello there' is not a Move, Strike or Concede line",
        "line 3: 'Q' is not a square like D5",
        "line 4: a second Move line",
    )


def test_format_order_round_trips():
    original = order("D5", "E6", "E5")
    assert parse_forum_order(format_order(original)) == original


def test_the_board_grid_shows_ranks_files_and_numbers():
    state = place("A human sword A1", "B elf bow C3", board=(3, 3))
    assert board_grid(state) == "3 . . 2\n2 . . .\n1 1 . .\n  A B C"


def test_a_turn_post_in_bbcode():
    state = place("Kaunisto human sword D4", "Rick elf axe E6")
    after, events = resolve(state, Kaunisto=order("D5", "E6", "E5"))
    post = format_turn_post(after, events, Markup.BBCODE)
    assert post.startswith("[b]Turn 1[/b]\n\n[code]8 . . . . . . . .")
    assert "1 Kaunisto sword human 8HP" in post
    assert "2 Rick axe elf 5HP" in post
    assert "[*]Kaunisto: Move to: D5; Strike: E6,E5 = hit Rick 2 damage, miss" in post


def test_a_turn_post_in_markdown():
    state = place("A human axe D4", "B halfling axe D5")
    after, events = resolve(state, A=order(None, "D5", "D5"))
    post = format_turn_post(after, events, "markdown")
    assert post.startswith("**Turn 1**\n\n```\n8 . . .")
    assert "- 2 B axe halfling removed on turn 1 (-3HP)" in post
    assert "- A: Strike: D5,D5 = hit B 4 damage, hit B 4 damage" in post
    assert "- A is awarded a kill for B." in post


# Names are free text: escaped in the roster and result lines, never inside the board grid.

ZWSP = "\u200b"


def _markdown_bout():
    state = place("Ka*ni human axe D4", "[b]_x_ halfling axe D5")
    return resolve(state, **{"Ka*ni": order(None, "D5", "D5")})


def test_markdown_escapes_names_in_the_roster_and_results():
    after, events = _markdown_bout()
    post = format_turn_post(after, events, "markdown")
    assert "- 1 Ka\\*ni axe human 8HP" in post
    assert "- 2 \\[b\\]\\_x\\_ axe halfling removed on turn 1 (-3HP)" in post
    assert (
        "- Ka\\*ni: Strike: D5,D5 = hit \\[b\\]\\_x\\_ 4 damage, hit \\[b\\]\\_x\\_ 4 damage"
        in (post)
    )
    assert "- \\[b\\]\\_x\\_ is struck down on D5 (-3 HP) and leaves the game." in post
    assert "- Ka\\*ni is awarded a kill for \\[b\\]\\_x\\_." in post
    assert "- The bout is over: Ka\\*ni is the last one standing." in post
    assert "Ka*ni" not in post and "[b]" not in post


def test_markdown_leaves_the_board_grid_verbatim():
    after, events = _markdown_bout()
    post = format_turn_post(after, events, Markup.MARKDOWN)
    assert f"```\n{board_grid(after)}\n```" in post
    code = post.split("```")[1]
    assert "\\" not in code


def test_markdown_escapes_every_special_character():
    state = place("a`b|c<d>e#f+g-h!i(j)k{l}m~n&o\\p human sword A1", "Q elf bow H8")
    post = format_turn_post(state, (), "markdown")
    assert "- 1 a\\`b\\|c\\<d\\>e\\#f\\+g\\-h\\!i\\(j\\)k\\{l\\}m\\~n\\&o\\\\p sword human 8HP" in (
        post
    )


def test_a_plain_name_is_unchanged_in_either_markup():
    state = place("Kaunisto human sword D4", "Rick elf axe E6")
    for markup in Markup:
        assert "1 Kaunisto sword human 8HP" in format_turn_post(state, (), markup)


def test_bbcode_names_cannot_open_or_close_tags():
    state = place("[b]Ka human axe D4", "x[/list] halfling axe D5")
    after, events = resolve(state, **{"[b]Ka": order(None, "D5", "D5")})
    post = format_turn_post(after, events, Markup.BBCODE)
    assert f"1 [{ZWSP}b]Ka axe human 8HP" in post
    assert f"[*][{ZWSP}b]Ka: Strike: D5,D5 = hit x[{ZWSP}/list] 4 damage" in post
    assert f"[*][{ZWSP}b]Ka is awarded a kill for x[{ZWSP}/list]." in post
    # The only tags left are the post's own.
    tags = re.findall(r"\[(/?[a-z*]+)\]", post)
    assert tags == ["b", "/b", "code", "/code", "list", "*", "*", "*", "*", "/list"]
    # It still reads as typed once the invisible space is dropped.
    assert "[b]Ka is awarded a kill for x[/list]." in post.replace(ZWSP, "")


def test_a_newline_in_a_name_cannot_break_the_post():
    """A name with a line break would end the list item and start a heading: it is kept on
    one line (whitespace collapsed), in both markups."""
    gladiators = [
        Gladiator.new("Bad\n# Heading", Race.HUMAN, Weapon.SWORD, Square.parse("D4")),
        Gladiator.new("B", Race.ELF, Weapon.AXE, Square.parse("E6")),
    ]
    state = new_state(Options(8, 8), gladiators)
    assert "1 Bad # Heading sword human 8HP" in format_turn_post(state, (), Markup.BBCODE)
    assert "- 1 Bad \\# Heading sword human 8HP" in format_turn_post(state, (), "markdown")
