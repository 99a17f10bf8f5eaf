"""The board of Arena of the Elders as the pages draw it: wall lines between squares, ledges
shaded on their lower side, stairs, water, raised ground by height and the teams' zones, on the
order page, the bout page's live board and the replay; SVG attributes and CSS classes only
(the pages' CSP forbids inline styles)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arena.engine.core.board import Square
from arena.engine.rulesets.arena_of_the_elders.arena import ARENAS
from arena.play_by_web import bout_enter, bout_open, bout_start
from arena.replay import CELL, SHADE, TEAM_COLOURS, board_view, entrant_colours, terrain_shapes
from arena.services import bout_resolve, bout_schedule
from campaign.services import campaign_create, campaign_join
from characters.services import gladiator_create

pytestmark = pytest.mark.django_db

RING = ARENAS["elders-ring"]


def test_a_ledge_is_a_line_shaded_on_its_lower_side_and_a_wall_a_thick_line():
    # On a 3x3 board: B2 raised above B1 (a ledge along B1:N), a wall between A1 and B1.
    terrain = {
        "heights": {"B2": 1},
        "lines": [
            {"a": "B1", "b": "B2", "kind": "ledge", "low": "B1"},
            {"a": "A1", "b": "B1", "kind": "wall"},
        ],
    }
    shapes = terrain_shapes(terrain, rows=3)
    ledge, wall = shapes["lines"]
    # B1 is the bottom row: its top edge is y = 2 * CELL, from x = CELL to 2 * CELL.
    assert (ledge["x1"], ledge["y1"], ledge["x2"], ledge["y2"]) == (
        CELL,
        2 * CELL,
        2 * CELL,
        2 * CELL,
    )
    assert ledge["cls"] == "ledge" and wall["cls"] == "wall"
    assert (wall["x1"], wall["y1"], wall["x2"], wall["y2"]) == (CELL, 2 * CELL, CELL, 3 * CELL)
    # The shade lies inside B1 (below the line), not in the raised B2.
    assert shapes["shades"] == [{"x": CELL, "y": 2 * CELL, "w": CELL, "h": SHADE}]
    assert {"x": CELL, "y": CELL, "cls": "raised h1"} in shapes["overlays"]


@pytest.fixture
def elders(gm, owner, rival):
    campaign = campaign_create(by=gm, name="Elders", ruleset="arena-of-the-elders")
    champions = []
    for player, (name, kind) in zip(
        (owner, rival), (("Pyrrhus", "ignis"), ("Ferox", "vorn")), strict=True
    ):
        campaign_join(campaign=campaign, user=player, code=campaign.invite_code)
        champions.append(gladiator_create(campaign=campaign, by=player, name=name, kind=kind))
    return campaign, champions


def drawn(body: str) -> dict[str, int]:
    return {
        cls: len(re.findall(rf'class="{cls}"', body))
        for cls in ("line-wall", "line-ledge", "line-stairs", "ledge-shade", "water",
                    "raised h1", "zone flag-home-red")
    }  # fmt: skip


def expected_ring() -> dict[str, int]:
    ledges = stairs = 0
    for r in range(RING.height):
        for c in range(RING.width):
            here = Square(c, r)
            for nxt in (Square(c + 1, r), Square(c, r + 1)):
                if RING.contains(nxt) and RING.elevation(here) != RING.elevation(nxt):
                    if RING.ledge(here, nxt):
                        ledges += 1
                    else:
                        stairs += 1
    return {
        "line-wall": len(RING.walls),
        "line-ledge": ledges,
        "line-stairs": stairs,
        "ledge-shade": ledges,
        "water": len(RING.water),
        "raised h1": sum(1 for row in RING.heights for h in row if h == 1),
        "zone flag-home-red": 1,
    }


def grid_drawn(body: str) -> dict[str, int]:
    """The same counts on the orders page's grid: lines as its cells' border classes, ground
    as its buttons' classes."""
    sides = [c for cls in re.findall(r'<td class="([^"]+)"', body) for c in cls.split()]
    squares = [cls.split() for cls in re.findall(r'<button [^>]*class="(sq[^"]*)"', body)]
    return {
        "line-wall": sum(side.startswith("wall-") for side in sides),
        "line-ledge": sum(side.startswith("ledge-") for side in sides),
        "line-stairs": sum(side.startswith("stairs-") for side in sides),
        "ledge-shade": sum(side.startswith("ledge-") for side in sides),
        "water": sum("water" in sq for sq in squares),
        "raised h1": sum("raised" in sq and "h1" in sq for sq in squares),
        "zone flag-home-red": sum("flag-home-red" in sq for sq in squares),
    }


def test_the_order_page_and_the_live_board_draw_walls_ledges_and_water(
    elders, gm, owner, client_as
):
    campaign, (pyrrhus, ferox) = elders
    bout = bout_open(campaign=campaign, by=gm, title="Ring", options={"arena": "elders-ring"})
    mine = bout_enter(bout=bout, gladiator=pyrrhus, by=owner)
    bout_enter(bout=bout, gladiator=ferox, by=ferox.owner)
    bout_start(bout=bout, by=gm)
    want = expected_ring()
    assert want["line-wall"] and want["line-ledge"] and want["line-stairs"] and want["water"]
    orders = client_as(owner).get(reverse("bout-orders", args=[campaign.slug, bout.pk, mine.pk]))
    page = client_as(owner).get(reverse("bout", args=[campaign.slug, bout.pk]))
    assert orders.status_code == 200 and page.status_code == 200
    assert grid_drawn(orders.content.decode()) == want
    assert drawn(page.content.decode()) == want
    for response in (orders, page):
        assert "style=" not in response.content.decode()  # strict CSP: classes and attributes


def test_the_orders_grid_names_the_terrain_of_each_square(elders, gm, owner, client_as):
    campaign, (pyrrhus, ferox) = elders
    bout = bout_open(campaign=campaign, by=gm, title="Ring", options={"arena": "elders-ring"})
    mine = bout_enter(bout=bout, gladiator=pyrrhus, by=owner)
    bout_enter(bout=bout, gladiator=ferox, by=ferox.owner)
    bout_start(bout=bout, by=gm)
    body = (
        client_as(owner)
        .get(reverse("bout-orders", args=[campaign.slug, bout.pk, mine.pk]))
        .content.decode()
    )
    names = dict(re.findall(r'id="square-([A-Z]\d+)"[^>]*aria-label="([^"]+)"', body))
    assert len(names) == RING.width * RING.height
    water = str(sorted(RING.water)[0])
    assert names[water].startswith(f"{water}, water")
    a, b = sorted(RING.walls)[0]
    (west, east), toward = (
        (sorted((a, b), key=lambda sq: sq.col), ("east", "west"))
        if a.row == b.row
        else (sorted((a, b), key=lambda sq: -sq.row), ("south", "north"))
    )
    assert f"wall to the {toward[0]}" in names[str(west)]
    assert f"wall to the {toward[1]}" in names[str(east)]
    raised = next(
        Square(c, r)
        for r in range(RING.height)
        for c in range(RING.width)
        if RING.elevation(Square(c, r))
    )
    assert f"height {RING.elevation(raised)}" in names[str(raised)]


def test_the_replay_draws_the_arena_of_the_bout(elders, gm, owner, client_as):
    campaign, champions = elders
    bout = bout_schedule(
        campaign=campaign,
        by=gm,
        gladiators=champions,
        scheduled_at=timezone.now() - timedelta(seconds=1),
        seed=5,
        options={"arena": "drowned-steps", "rounds": 2},
    )
    bout = bout_resolve(bout_id=bout.pk)
    body = client_as(owner).get(reverse("bout", args=[campaign.slug, bout.pk])).content.decode()
    steps = ARENAS["drowned-steps"]
    assert drawn(body)["line-wall"] == len(steps.walls)
    assert drawn(body)["water"] == len(steps.water)
    assert 'class="raised h2"' in body
    assert "style=" not in body


def test_tokens_are_coloured_by_team_and_keep_each_champions_initials(elders, gm):
    campaign, champions = elders
    bout = bout_schedule(
        campaign=campaign, by=gm, gladiators=champions,
        scheduled_at=timezone.now() - timedelta(seconds=1), seed=5, options={"rounds": 2},
    )  # fmt: skip
    bout = bout_resolve(bout_id=bout.pk)
    board = board_view(bout.log, 0, entrant_colours(bout.engine_input), bout.engine_input)
    team = {g["name"]: g["team"] for g in bout.engine_input["gladiators"]}
    colours: dict[str, set[str]] = {}
    for figure in board["figures"]:
        colours.setdefault(team[figure.name], set()).add(figure.colour)
        assert figure.initials == figure.name[:2]
    # One colour a team, house champions included, and the two teams apart.
    assert colours["Red"] == {TEAM_COLOURS["Red"]} and colours["Blue"] == {TEAM_COLOURS["Blue"]}
    assert len({g["team"] for g in bout.engine_input["gladiators"]}) == 2
