"""The forum format of the rules' second post: parsing players' posts, writing the GM's."""

from __future__ import annotations

import pytest

from arena.engine.rulesets.gladiator_arena import (
    Concession,
    ForumFormatError,
    Markup,
    Order,
    board_grid,
    format_order,
    format_turn_post,
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
