"""Where a single-elimination bracket is drawn: boxes in columns (one a round) and the lines
that join each match to the one its winner goes to. `layout` places plain matches; a knockout
season's bracket (its own, or groups then knockout's) is read into them by `season_drawing`.
Plain numbers for the SVG template (templates/arena/_bracket.html); the page's CSS gives the
colours (the strict CSP allows no inline style)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from arena.models import Bout

from . import bracket, elimination
from .models import Season, SeasonFixture
from .services import bracket_seeds, bracket_winners, season_bracket

BOX_WIDTH = 200
ROW_HEIGHT = 22  # one entrant's line; a box holds two
BOX_HEIGHT = 2 * ROW_HEIGHT
ROUND_GAP = 48  # between the columns, where the joining lines run
MATCH_GAP = 16  # between two boxes of round one
HEAD = 28  # the round names above the columns
Outcome = SeasonFixture.Outcome


@dataclass
class Side:
    text: str
    seed: int | None
    won: bool
    lost: bool


@dataclass
class DrawnMatch:
    round: int  # 1 first
    slot: int  # 0 is the top of its round
    sides: list[Side]
    decided: bool
    bout: Bout | None = None
    bout_url: str = ""
    note: str = ""  # how it was decided, or where its bout stands
    winner: str = ""  # who goes on, once decided
    x: int = 0
    y: int = 0


@dataclass
class Drawing:
    width: int
    height: int
    box_width: int = BOX_WIDTH
    box_height: int = BOX_HEIGHT
    row_height: int = ROW_HEIGHT
    rounds: list[dict] = field(default_factory=list)  # name and x of each column
    matches: list[DrawnMatch] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)  # SVG path data
    champion: dict | None = None


def layout(entrants: int, matches: list[DrawnMatch], champion: str) -> Drawing:
    """Place every match of a bracket of `entrants` (x and y set on each) and the lines."""
    rounds = bracket.rounds_of(entrants)
    pitch = BOX_HEIGHT + MATCH_GAP
    drawing = Drawing(
        width=(rounds + 1) * (BOX_WIDTH + ROUND_GAP),
        height=HEAD + bracket.matches_in_round(entrants, 1) * pitch,
        matches=matches,
    )
    centre: dict[tuple[int, int], float] = {}
    for r in range(1, rounds + 1):
        x = (r - 1) * (BOX_WIDTH + ROUND_GAP)
        drawing.rounds.append({"name": bracket.round_name(r, rounds), "x": x + BOX_WIDTH / 2})
        for s in range(bracket.matches_in_round(entrants, r)):
            if r == 1:
                centre[(r, s)] = HEAD + s * pitch + BOX_HEIGHT / 2
                continue
            centre[(r, s)] = (centre[(r - 1, 2 * s)] + centre[(r - 1, 2 * s + 1)]) / 2
            for child in (2 * s, 2 * s + 1):
                x1 = x - ROUND_GAP
                xm = x - ROUND_GAP / 2
                drawing.lines.append(
                    f"M{x1} {centre[(r - 1, child)]:g} H{xm:g} V{centre[(r, s)]:g} H{x}"
                )
    for match in matches:
        match.x = (match.round - 1) * (BOX_WIDTH + ROUND_GAP)
        match.y = round(centre[(match.round, match.slot)] - BOX_HEIGHT / 2)
    x = rounds * (BOX_WIDTH + ROUND_GAP)
    final_centre = centre[(rounds, 0)]
    drawing.lines.append(f"M{x - ROUND_GAP} {final_centre:g} H{x}")
    drawing.champion = {"x": x, "y": round(final_centre - ROW_HEIGHT / 2), "name": champion}
    return drawing


def _note(fixture: SeasonFixture | None) -> str:
    if fixture is None:
        return ""  # a bye, or not paired yet
    outcome = fixture.result_outcome
    if outcome in (Outcome.DRAW, Outcome.NONE):
        return "no winner: higher seed on"
    if outcome != Outcome.PENDING and fixture.forfeit:
        return "walkover"
    if outcome == Outcome.PENDING and fixture.bout is not None:
        return fixture.bout.get_status_display().lower()
    return ""


def season_drawing(
    season: Season, fixtures: list[SeasonFixture], bout_url: Callable[[Bout], str]
) -> Drawing | None:
    """The single-elimination bracket of a knockout season, or of groups then knockout once
    its bracket is seeded; None for the other formats (a double elimination's two brackets
    are read from its fixtures). `fixtures` come from season_fixtures (with their outcome)."""
    seeds = bracket_seeds(season)
    if not (season.format == Season.Format.KNOCKOUT or (season.is_groups and seeds)):
        return None
    matches = season_bracket(season)
    standings = elimination.resolve(matches, bracket_winners(season, fixtures))
    names = dict(season.entries.values_list("pk", "gladiator__name"))
    name_of = {seed: names[pk] for pk, seed in seeds.items()}
    by_match = {f.match: f for f in fixtures if f.match}

    def side(seed: int | None, standing: elimination.Standing) -> Side:
        if not seed:
            return Side(
                "to be decided" if seed == elimination.PENDING else "bye", None, False, False
            )
        won = standing.decided and standing.winner == seed
        return Side(name_of[seed], seed, won=won, lost=standing.decided and not won)

    drawn = []
    for match in matches:
        standing = standings[match.key]
        number, slot = match.key[1:].split(".")
        fixture = by_match.get(match.key)
        bout = fixture.bout if fixture is not None else None
        drawn.append(
            DrawnMatch(
                round=int(number),
                slot=int(slot) - 1,
                sides=[side(standing.first, standing), side(standing.second, standing)],
                decided=standing.decided,
                bout=bout,
                bout_url=bout_url(bout) if bout is not None else "",
                note=_note(fixture),
                winner=name_of.get(standing.winner or 0, "") if standing.decided else "",
            )
        )
    champion = standings[matches[-1].key].winner
    return layout(len(seeds), drawn, name_of.get(champion or 0, ""))
