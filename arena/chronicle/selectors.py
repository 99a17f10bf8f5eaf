"""Chronicles as a reader may read them: the published ones, and the GM's drafts too."""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import Http404

from arena.gateway import escape_bbcode
from campaign.models import Campaign
from campaign.selectors import AnyUser, campaign_is_gm

from .models import Chronicle


def chronicles_readable(*, campaign: Campaign, user: AnyUser) -> QuerySet[Chronicle]:
    """Newest first; a draft only for the GM."""
    rows = campaign.chronicles.all()
    if not campaign_is_gm(campaign=campaign, user=user):
        rows = rows.filter(published_at__isnull=False)
    return rows.order_by("-period_end", "-id")


def chronicle_get(*, campaign: Campaign, user: AnyUser, pk: int) -> Chronicle:
    """One chronicle the user may read, or Http404 (a draft is not found by players)."""
    chronicle = chronicles_readable(campaign=campaign, user=user).filter(pk=pk).first()
    if chronicle is None:
        raise Http404("No such chronicle.")
    return chronicle


def chronicle_sections(chronicle: Chronicle) -> list[tuple[str, list[str]]]:
    """The body as (heading, lines) sections: a section is a heading line then its lines,
    sections apart by a blank line. A paragraph with one line is a section without heading."""
    sections = []
    for block in chronicle.body.replace("\r\n", "\n").split("\n\n"):
        lines = [line for line in block.split("\n") if line.strip()]
        if not lines:
            continue
        if len(lines) == 1:
            sections.append(("", lines))
        else:
            sections.append((lines[0], lines[1:]))
    return sections


def chronicle_forum(chronicle: Chronicle) -> str:
    """The chronicle as BBCode for a forum post: headings bold, every text escaped."""
    parts = [f"[b]{escape_bbcode(chronicle.title)}[/b]"]
    for heading, lines in chronicle_sections(chronicle):
        block = [f"[b]{escape_bbcode(heading)}[/b]"] if heading else []
        block += [escape_bbcode(line) for line in lines]
        parts.append("\n".join(block))
    return "\n\n".join(parts) + "\n"
