"""Where each match of a knockout is drawn: boxes in columns (one a round) and the lines that
join each match to the one its winner goes to. Plain numbers for the SVG template; the page's
CSS gives the colours (the strict CSP allows no inline style)."""

from __future__ import annotations

from dataclasses import dataclass, field

from arena.models import Tournament, TournamentEntry, TournamentMatch
from arena.seasons import bracket

BOX_WIDTH = 200
ROW_HEIGHT = 22  # one entrant's line; a box holds two
BOX_HEIGHT = 2 * ROW_HEIGHT
ROUND_GAP = 48  # between the columns, where the joining lines run
MATCH_GAP = 16  # between two boxes of round one
HEAD = 28  # the round names above the columns


@dataclass
class Side:
    text: str
    seed: int | None
    won: bool
    lost: bool


@dataclass
class DrawnMatch:
    match: TournamentMatch
    x: int
    y: int
    sides: list[Side]
    bout_url: str = ""
    note: str = ""  # how it was decided, or where its bout stands


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


def _side(entry: TournamentEntry | None, match: TournamentMatch, bye: bool) -> Side:
    if entry is None:
        return Side("bye" if bye else "to be decided", None, won=False, lost=False)
    decided = match.winner_id is not None
    won = decided and match.winner_id == entry.pk
    return Side(entry.gladiator.name, entry.seed, won=won, lost=decided and not won)


def _note(match: TournamentMatch) -> str:
    if match.decided_by in (TournamentMatch.Decided.BOUT, TournamentMatch.Decided.BYE):
        return ""  # the winner's line says it all; a bye's empty line reads "bye"
    if match.decided_by:
        return {
            TournamentMatch.Decided.NO_WINNER: "no winner: higher seed on",
            TournamentMatch.Decided.WALKOVER: "walkover",
        }[match.decided_by]
    if match.bout is not None:
        return match.bout.get_status_display().lower()
    return ""


def bracket_drawing(tournament: Tournament, matches: list[TournamentMatch], bout_url) -> Drawing:
    """Lay out every match. `bout_url(bout)` gives the link of a match's bout."""
    entrants = len({e for m in matches for e in (m.first_id, m.second_id) if e})
    entrants = max(entrants, tournament.entries.count())
    rounds = bracket.rounds_of(entrants)
    first_round = bracket.matches_in_round(entrants, 1)
    pitch = BOX_HEIGHT + MATCH_GAP
    drawing = Drawing(
        width=(rounds + 1) * (BOX_WIDTH + ROUND_GAP),
        height=HEAD + first_round * pitch,
    )
    centre: dict[tuple[int, int], float] = {}
    for r in range(1, rounds + 1):
        x = (r - 1) * (BOX_WIDTH + ROUND_GAP)
        drawing.rounds.append({"name": bracket.round_name(r, rounds), "x": x + BOX_WIDTH / 2})
        for s in range(bracket.matches_in_round(entrants, r)):
            if r == 1:
                centre[(r, s)] = HEAD + s * pitch + BOX_HEIGHT / 2
            else:
                centre[(r, s)] = (centre[(r - 1, 2 * s)] + centre[(r - 1, 2 * s + 1)]) / 2
                for child in (2 * s, 2 * s + 1):
                    x1 = x - ROUND_GAP
                    xm = x - ROUND_GAP / 2
                    drawing.lines.append(
                        f"M{x1} {centre[(r - 1, child)]:g} H{xm:g} V{centre[(r, s)]:g} H{x}"
                    )
    for match in matches:
        bye = match.round == 1 and match.decided_by == TournamentMatch.Decided.BYE
        drawing.matches.append(
            DrawnMatch(
                match=match,
                x=(match.round - 1) * (BOX_WIDTH + ROUND_GAP),
                y=round(centre[(match.round, match.slot)] - BOX_HEIGHT / 2),
                sides=[_side(match.first, match, False), _side(match.second, match, bye)],
                bout_url=bout_url(match.bout) if match.bout is not None else "",
                note=_note(match),
            )
        )
    x = rounds * (BOX_WIDTH + ROUND_GAP)
    final_centre = centre[(rounds, 0)]
    drawing.lines.append(f"M{x - ROUND_GAP} {final_centre:g} H{x}")
    drawing.champion = {
        "x": x,
        "y": round(final_centre - ROW_HEIGHT / 2),
        "name": tournament.champion.name if tournament.champion else "",
    }
    return drawing
