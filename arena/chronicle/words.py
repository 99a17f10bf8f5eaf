"""A chronicle's first draft, written from its facts in plain sentences: a title, then one
short section per kind of news, each left out when there is none. The GM edits the text
before publishing it; the sections are plain text (a heading line, then lines), so the
forum copy and the e-mail read the same."""

from __future__ import annotations

from datetime import datetime

from .facts import Facts

SECTIONS_EMPTY = "A quiet week: no bout was decided, nobody fell, nobody joined."


def _date(moment: datetime, *, hour: bool = False) -> str:
    """A date as the chronicle prints it, in UTC: its readers live in many time zones."""
    text = f"{moment:%d %B %Y}".lstrip("0")
    return text + (f", {moment:%H:%M} UTC" if hour else " (UTC)")


def _names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


def chronicle_title(facts: Facts) -> str:
    return f"{facts.campaign}: the chronicle to {_date(facts.end)}"


def chronicle_body(facts: Facts) -> str:
    sections: list[tuple[str, list[str]]] = []
    if facts.results:
        lines = []
        for r in facts.results:
            who = _names(r.entrants)
            if r.winner:
                lines.append(f"- {r.title}: {r.winner} won ({who}).")
            else:
                lines.append(f"- {r.title}: no winner ({who}).")
        sections.append(("Results", lines))
    if facts.upsets:
        sections.append((
            "Upsets",
            [f"- {r.winner} won {r.title}, given {_percent(r.upset_chance or 0)} by the odds "
             "before the fight." for r in facts.upsets],
        ))  # fmt: skip
    if facts.deaths:
        lines = []
        for d in facts.deaths:
            end = f"killed by {d.killed_by}" if d.killed_by else "fell"
            where = f" in {d.bout_title}" if d.bout_title else ""
            lines.append(
                f"- {d.name}, {d.kind} of {d.owner}'s stable, {end}{where}. "
                f"{d.wins} of {d.bouts} bouts won. Rest in the sand."
            )
        sections.append(("The fallen", lines))
    if facts.retired:
        sections.append(("Retired", [f"- {_names(facts.retired)} laid down their arms."]))
    if facts.leaders or facts.rated:
        lines = (
            [f"- By wins: {_names([f'{s.name} ({s.figure:g})' for s in facts.leaders])}."]
            if facts.leaders
            else []
        )
        if facts.rated:
            lines.append(
                f"- By rating: {_names([f'{s.name} ({s.figure:g})' for s in facts.rated])}."
            )
        sections.append(("Leaders", lines))
    if facts.streaks:
        sections.append((
            "On a run",
            [f"- {s.name} has won {s.figure:g} bouts in a row." for s in facts.streaks],
        ))  # fmt: skip
    if facts.richest_stable:
        s = facts.richest_stable
        sections.append(
            ("The richest stable", [f"- {s.owner}'s, {s.name}, holding {s.figure:g} gold."])
        )
    if facts.rivalries:
        sections.append((
            "Rivalries",
            [f"- {r.first} and {r.second} have met {r.met} times: {r.first} won {r.first_won}, "
             f"{r.second} won {r.second_won}." for r in facts.rivalries],
        ))  # fmt: skip
    spy = [f"- New in the ludus: {s.name} ({s.owner}'s stable)." for s in facts.recruits]
    spy += [
        f"- {s.name} improved {'once' if s.figure == 1 else f'{s.figure:g} times'}."
        for s in facts.level_ups
    ]
    spy += [f"- Coming: {title}, {_date(when, hour=True)}." for title, when in facts.coming]
    if spy:
        sections.append(("Spy report", spy))
    if not sections:
        return SECTIONS_EMPTY
    return "\n\n".join("\n".join([heading, *lines]) for heading, lines in sections)
