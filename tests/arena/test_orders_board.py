"""The orders board as the server draws it (issue 16): a grid of buttons named in words, one
press per part of an order, a square off the board refused in words, and live sections made of
parts that the page swaps one by one. The keyboard itself is tried in Chromium
(tests/browser/test_board_and_live.py)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from arena.bouts.replay import board_shapes
from arena.engine.core.campaign import OrderField
from arena.models import Bout
from arena.play.board_grid import board_grid, mark_words
from arena.play.drafts import board_press, draft_counts
from arena.play.services import bout_finish_by_tactics

pytestmark = pytest.mark.django_db

MOVE = OrderField("move", "Move to", "square", mark="move", clears=("strike",))
STRIKE = OrderField("strike", "Strike", "squares", mark="strike")


def orders_url(bout, entrant) -> str:
    return reverse("bout-orders", args=[bout.campaign.slug, bout.pk, entrant.pk])


def labels(html: str) -> dict[str, str]:
    return dict(re.findall(r'id="square-(\w+)" class="[^"]*" aria-label="([^"]*)"', html))


def test_each_square_names_who_stands_there_and_what_a_press_does():
    shapes = board_shapes(
        cols=3,
        rows=3,
        gladiators={
            "Kaunisto": {"square": "B2", "hp": 8},
            "Justbec": {"square": "B3", "hp": 1},
            "Nox": {"square": "A1", "hp": 0, "alive": False},
        },
        colours={},
        marks={"B3": "can-strike", "C2": "can-move", "B1": "chosen-move"},
    )
    marks = {c["name"]: c["mark"] for c in shapes["cells"] if c["mark"]}
    grid = board_grid(shapes, me="Kaunisto", words=mark_words([MOVE, STRIKE], marks))
    cells = {c["name"]: c for row in grid["rows"] for c in row["cells"]}
    assert [row["rank"] for row in grid["rows"]] == ["3", "2", "1"]
    assert cells["B3"]["label"] == "B3, Justbec, 1 HP, you can strike here"
    assert cells["B2"]["label"] == "B2, Kaunisto (you), 8 HP"
    assert cells["A1"]["label"] == "A1, Nox, fallen"
    assert cells["C2"]["label"] == "C2, you can move here"
    assert cells["B1"]["label"] == "B1, chosen: move to"
    assert cells["C3"]["label"] == "C3"
    # The keyboard starts on the player's own square.
    assert [name for name, c in cells.items() if c["start"]] == ["B2"]


def test_the_terrain_is_in_each_squares_classes_borders_and_name():
    # 3x3: C3 raised two above C2 (a ledge between them, C2 the lower), stairs from B1 up to
    # B2, a wall between A2 and B2, water on C1, A3 a block, Red's start zone on A1.
    terrain = {
        "blocks": ["A3"],
        "water": ["C1"],
        "heights": {"C3": 2, "B2": 1},
        "zones": {"A1": "start-red"},
        "lines": [
            {"a": "C2", "b": "C3", "kind": "ledge", "low": "C2"},
            {"a": "B1", "b": "B2", "kind": "stairs", "low": "B1"},
            {"a": "A2", "b": "B2", "kind": "wall"},
        ],
    }
    shapes = board_shapes(
        cols=3,
        rows=3,
        gladiators={"Justbec": {"square": "C1", "hp": 1}},
        colours={},
        marks={"C1": "can-move"},
        terrain=terrain,
    )
    grid = board_grid(
        shapes, me="Kaunisto", words=mark_words([MOVE], {"C1": "can-move"}), terrain=terrain
    )
    cells = {c["name"]: c for row in grid["rows"] for c in row["cells"]}
    assert cells["C1"]["label"] == "C1, water, Justbec, 1 HP, you can move here"
    assert cells["C1"]["terrain"] == "water"
    assert cells["C3"]["label"] == "C3, height 2, ledge down to the south"
    assert cells["C2"]["label"] == "C2, ledge up to the north"
    assert cells["B2"]["label"] == "B2, height 1, stairs down to the south, wall to the west"
    assert cells["B1"]["label"] == "B1, stairs up to the north"
    assert cells["A2"]["label"] == "A2, wall to the east"
    assert cells["A1"]["label"] == "A1, Red start zone"
    assert cells["A3"]["label"] == "A3, wall"  # a block is a whole square of wall
    # Each line is one border: on the right of the square to its west, or the bottom of the
    # square above it.
    borders = {name: c["edges"] for name, c in cells.items() if c["edges"]}
    assert borders == {"A2": "wall-e", "B2": "stairs-s", "C3": "ledge-s"}
    assert cells["C3"]["terrain"] == "raised h2" and cells["A1"]["terrain"] == "zone start-red"
    assert grid["terrain"] is True
    assert board_grid(shapes, me="Kaunisto", words={})["terrain"] is False


def test_a_square_set_hands_the_board_to_the_next_part_of_the_order():
    draft, picked, said = board_press([MOVE, STRIKE], MOVE, {}, "d5", cols=8, rows=8)
    assert (draft, picked, said) == ({"move": "D5"}, STRIKE, "")
    # Strikes are a list: the board stays on them; pressing one again takes it back.
    draft, picked, said = board_press([MOVE, STRIKE], STRIKE, draft, "D6", cols=8, rows=8)
    assert (draft, picked, said) == ({"move": "D5", "strike": ["D6"]}, STRIKE, "")
    draft, _, said = board_press([MOVE, STRIKE], STRIKE, draft, "D6", cols=8, rows=8)
    assert draft == {"move": "D5", "strike": []}
    assert said == "D6: strike taken back."
    # Taking the move back leaves the board on the move.
    draft, picked, said = board_press([MOVE, STRIKE], MOVE, {"move": "D5"}, "d5", cols=8, rows=8)
    assert picked == MOVE and not draft["move"]
    assert said == "D5: move taken back."


def test_a_press_on_another_square_takes_nothing_back():
    draft = {"move": "D5", "strike": ["D6"]}
    _, _, said = board_press([MOVE, STRIKE], STRIKE, draft, "E6", cols=8, rows=8)
    assert said == ""
    _, _, said = board_press([MOVE, STRIKE], MOVE, draft, "C4", cols=8, rows=8)
    assert said == ""


def test_strikes_are_counted_against_the_rule_sets_limit():
    schema = [MOVE, STRIKE]
    assert draft_counts(schema, {"strike": ["D6"]}, {"strike": 2}) == {"strike": "1 of 2, 1 left"}
    assert draft_counts(schema, {}, {"strike": 1}) == {"strike": "0 of 1, 1 left"}
    assert draft_counts(schema, {"strike": ["D6", "D5"]}, {"strike": 1}) == {
        "strike": "2 of 1, 1 too many"
    }
    # No limit from the rule set (or a limit on a field that is not a list): no count.
    assert draft_counts(schema, {"strike": ["D6"]}, {}) == {}
    assert draft_counts(schema, {"move": "D5"}, {"move": 1}) == {}


@pytest.mark.parametrize("square", ["I1", "A9", "Z", "D5;", ""])
def test_a_square_off_the_board_is_refused_in_words(square):
    with pytest.raises(ValueError, match=r"There is no square .* on this 8x8 board"):
        board_press([MOVE, STRIKE], MOVE, {}, square, cols=8, rows=8)


def test_pressing_a_square_without_javascript_loads_the_next_draft(running, owner, client_as):
    bout, mine, _ = running
    response = client_as(owner).get(orders_url(bout, mine), {"pick": "move", "square": "D5"})
    assert response.status_code == 302
    assert response["Location"] == f"{orders_url(bout, mine)}?pick=strike&move=D5"


def test_pressing_a_square_with_htmx_pushes_the_next_drafts_address(running, owner, client_as):
    bout, mine, _ = running
    response = client_as(owner).get(
        orders_url(bout, mine),
        {"pick": "strike", "move": "D5", "square": "D6"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert response["HX-Push-Url"] == f"{orders_url(bout, mine)}?pick=strike&move=D5&strike=D6"
    page = response.content.decode()
    assert 'id="draft-strike">D6<' in page
    assert labels(page)["D6"].startswith("D6, Justbec, ")
    assert labels(page)["D6"].endswith(", chosen: strike")


def test_a_square_off_the_board_changes_nothing_and_says_why(running, owner, client_as):
    bout, mine, _ = running
    response = client_as(owner).get(
        orders_url(bout, mine), {"pick": "move", "move": "D5", "square": "K12"}
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "There is no square" in page and "K12" in page
    assert 'id="draft-move">D5<' in page


def test_the_board_is_a_grid_the_typed_box_is_open_and_nothing_is_inline(running, owner, client_as):
    bout, mine, _ = running
    page = client_as(owner).get(orders_url(bout, mine)).content.decode()
    assert 'role="grid"' in page and 'role="img"' not in page
    assert len(labels(page)) == 64
    assert 'href="#your-order">Skip the board</a>' in page
    # The typed box is open, in no disclosure (only the concede question sits in one).
    assert 'id="order-text"' in page
    assert not re.search(r'<details[^>]*>(?:(?!</details>).)*id="order-text"', page, re.S)
    # The Content-Security-Policy allows no inline style or script.
    assert " style=" not in page
    assert not re.search(r"<script(?![^>]*\bsrc=)", page)
    # One live region on the page, outside what htmx swaps.
    assert page.count("aria-live") == 1 and page.count('role="status"') == 1
    assert page.index('id="live-status"') > page.index("</main>")
    assert "{#" not in page and "{% comment" not in page


def test_the_live_section_names_its_parts_and_reads_out_the_turn(running, owner, client_as):
    bout, _, _ = running
    url = reverse("bout", args=[bout.campaign.slug, bout.pk])
    live = client_as(owner).get(f"{url}?partial=live", HTTP_HX_REQUEST="true").content.decode()
    select = re.search(r'hx-select-oob="([^"]+)"', live).group(1).split(",")
    for part in select:
        assert f'id="{part[1:]}" data-part' in live
    assert 'data-announce="Turn 1 is taking orders."' in live
    assert 'hx-swap="none"' in live
    assert "{#" not in live and "#}" not in live


def test_a_poll_after_the_bout_ended_rebuilds_the_page_in_place(running, gm, client_as):
    bout, _, _ = running
    bout_finish_by_tactics(bout=bout, by=gm, turn=1)
    assert Bout.objects.get(pk=bout.pk).status == Bout.Status.RESOLVED
    url = reverse("bout", args=[bout.campaign.slug, bout.pk])
    response = client_as(gm).get(f"{url}?partial=live", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert (response["HX-Retarget"], response["HX-Reswap"], response["HX-Reselect"]) == (
        "main",
        "outerHTML",
        "main",
    )
    page = response.content.decode()
    assert 'id="result-title" tabindex="-1" data-landing' in page
    assert "The bout is over:" in page
