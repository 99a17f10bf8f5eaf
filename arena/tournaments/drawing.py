"""A knockout's bracket read into the seasons' drawing (arena/seasons/drawing.py lays it out)."""

from __future__ import annotations

from collections.abc import Callable

from arena.models import Bout, Tournament, TournamentEntry, TournamentMatch
from arena.seasons.drawing import Drawing, DrawnMatch, Side, layout

Decided = TournamentMatch.Decided


def _side(entry: TournamentEntry | None, match: TournamentMatch, bye: bool) -> Side:
    if entry is None:
        return Side("bye" if bye else "to be decided", None, won=False, lost=False)
    decided = match.winner_id is not None
    won = decided and match.winner_id == entry.pk
    return Side(entry.gladiator.name, entry.seed, won=won, lost=decided and not won)


def _note(match: TournamentMatch) -> str:
    if match.decided_by in (Decided.BOUT, Decided.BYE):
        return ""  # the winner's line says it all; a bye's empty line reads "bye"
    if match.decided_by:
        return {Decided.NO_WINNER: "no winner: higher seed on", Decided.WALKOVER: "walkover"}[
            match.decided_by
        ]
    if match.bout is not None:
        return match.bout.get_status_display().lower()
    return ""


def bracket_drawing(
    tournament: Tournament, matches: list[TournamentMatch], bout_url: Callable[[Bout], str]
) -> Drawing:
    """Lay out every match. `bout_url(bout)` gives the link of a match's bout."""
    entrants = len({e for m in matches for e in (m.first_id, m.second_id) if e})
    entrants = max(entrants, tournament.entries.count())
    drawn = [
        DrawnMatch(
            round=match.round,
            slot=match.slot,
            sides=[
                _side(match.first, match, False),
                _side(match.second, match, match.round == 1 and match.decided_by == Decided.BYE),
            ],
            decided=match.winner_id is not None,
            bout=match.bout,
            bout_url=bout_url(match.bout) if match.bout is not None else "",
            note=_note(match),
            winner=match.winner.gladiator.name if match.winner is not None else "",
        )
        for match in matches
    ]
    return layout(entrants, drawn, tournament.champion.name if tournament.champion else "")
