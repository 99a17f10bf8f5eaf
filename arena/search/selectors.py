"""One search over a campaign, by PostgreSQL's full-text search (websearch syntax: words,
"a phrase", -not, or). Names and titles are matched by the "simple" configuration (no
stemming: a name is not English) and by a part of the name, so "brut" finds Brutus; press is
matched by the "english" configuration, so "swords" finds "sword".

Lore is matched by the "english" configuration too: gladiators' stories, and the GM's notes
by their title, their text and, once revealed, their secret.

What it never finds: a private message of others, a post the GM hid, a post held until its
turn resolves (its author's excepted), a lore secret not yet revealed (not even for the GM:
one search for everyone), a bout's orders, tactics or anything of its log.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.postgres.search import SearchHeadline, SearchQuery, SearchRank, SearchVector
from django.db.models import Case, F, Q, QuerySet, TextField, Value, When
from django.db.models.functions import Cast, Concat
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from arena.models import Bout, BoutEntrant
from campaign.lore.models import Biography, Note
from campaign.models import Campaign
from campaign.press.models import Post
from campaign.selectors import AnyUser
from campaign.shared.errors import LudusError
from characters.models import Gladiator

QUERY_MAX = 100  # characters of a search
SHOWN = 20  # hits of each kind
# The headline's own markers, never in cleaned text: the excerpt is escaped, then they become
# <mark> tags, so a post's text can never inject markup through its excerpt.
START, STOP = "\x02", "\x03"


def search_text(raw: object) -> str:
    """The search as typed, trimmed; LudusError in words if it is too long."""
    text = " ".join(str(raw or "").split())
    if len(text) > QUERY_MAX:
        raise LudusError(
            f"A search is at most {QUERY_MAX} characters; this one has {len(text)}.", field="q"
        )
    return text


@dataclass(frozen=True)
class Excerpt:
    post: Post
    html: SafeString  # the matching words marked


@dataclass(frozen=True)
class LoreHit:
    kind: str  # "story" (a gladiator's) or "note" (the GM's)
    pk: int  # the gladiator's, or the note's
    title: str  # the gladiator's name, or the note's title
    html: SafeString  # the matching words marked


@dataclass(frozen=True)
class Found:
    text: str
    gladiators: list[Gladiator]
    bouts: list[Bout]
    posts: list[Excerpt]
    lore: list[LoreHit] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.gladiators) + len(self.bouts) + len(self.posts) + len(self.lore)


def readable_posts(*, campaign: Campaign, user: AnyUser) -> QuerySet[Post]:
    """The posts `user` may read in a search: public posts published (or their own held
    ones) and the private messages they wrote or received; nothing the GM hid."""
    public = Q(recipient__isnull=True) & Q(published_at__isnull=False)
    if user.is_authenticated:
        public |= Q(recipient__isnull=True, author_id=user.pk)
        mine = Q(recipient__isnull=False) & (Q(author_id=user.pk) | Q(recipient_id=user.pk))
        shown = public | mine
    else:
        shown = public
    return Post.objects.filter(campaign=campaign, hidden_at__isnull=True).filter(shown)


def _excerpt(headline: str) -> SafeString:
    marked = escape(headline).replace(START, "<mark>").replace(STOP, "</mark>")
    return mark_safe(marked)  # escaped above: only our own markers become tags


def campaign_search(*, campaign: Campaign, user: AnyUser, text: str) -> Found:
    """The campaign's gladiators, bouts and readable posts that match `text`, best first."""
    if not text:
        return Found(text, [], [], [])
    names = SearchQuery(text, search_type="websearch", config="simple")
    words = SearchQuery(text, search_type="websearch", config="english")

    name_doc = SearchVector("name", "kind", "owner__username", config="simple")
    gladiators = list(
        campaign.gladiators.select_related("owner")
        .annotate(doc=name_doc, rank=SearchRank(name_doc, names))
        .filter(Q(doc=names) | Q(name__icontains=text))
        .order_by("-rank", "name")[:SHOWN]
    )

    fought_by = BoutEntrant.objects.filter(
        bout__campaign=campaign, gladiator__name__icontains=text
    ).values("bout_id")
    bout_doc = SearchVector("title", "winner", config="simple")
    bouts = list(
        Bout.objects.filter(campaign=campaign)
        .only("id", "title", "status", "winner", "scheduled_at", "resolved_at", "campaign_id")
        .annotate(doc=bout_doc, rank=SearchRank(bout_doc, names))
        .filter(Q(doc=names) | Q(title__icontains=text) | Q(pk__in=fought_by))
        .order_by("-rank", "-scheduled_at", "-id")[:SHOWN]
    )

    text_doc = SearchVector("text", config="english")
    posts = (
        readable_posts(campaign=campaign, user=user)
        .select_related("author", "recipient", "bout")
        .annotate(
            doc=text_doc,
            rank=SearchRank(text_doc, words),
            headline=SearchHeadline(
                "text", words, config="english", start_sel=START, stop_sel=STOP, max_words=30
            ),
        )
        .filter(doc=words)
        .order_by("-rank", "-id")[:SHOWN]
    )
    return Found(
        text,
        gladiators,
        bouts,
        [Excerpt(p, _excerpt(p.headline)) for p in posts],
        _lore_hits(campaign=campaign, words=words),
    )


def readable_notes(*, campaign: Campaign) -> QuerySet[Note]:
    """The campaign's notes with `readable`: title, text and the secret once revealed; an
    unrevealed secret is not in it, for anyone."""
    text = TextField()
    secret = Case(
        When(revealed_at__isnull=False, then=F("secret")), default=Value(""), output_field=text
    )
    line = Value("\n", output_field=text)
    return Note.objects.filter(campaign=campaign).annotate(
        readable=Concat(Cast("title", text), line, "text", line, secret, output_field=text)
    )


def _lore_hits(*, campaign: Campaign, words: SearchQuery) -> list[LoreHit]:
    """Stories and notes matching `words`: the best SHOWN of each, stories first."""

    def found(rows: QuerySet, field: str) -> QuerySet:
        doc = SearchVector(field, config="english")
        return (
            rows.annotate(
                doc=doc,
                rank=SearchRank(doc, words),
                headline=SearchHeadline(
                    field, words, config="english", start_sel=START, stop_sel=STOP, max_words=30
                ),
            )
            .filter(doc=words)
            .order_by("-rank", "-id")[:SHOWN]
        )

    stories = found(
        Biography.objects.filter(gladiator__campaign=campaign).select_related("gladiator"), "text"
    )
    notes = found(readable_notes(campaign=campaign), "readable")
    return [
        LoreHit("story", b.gladiator_id, b.gladiator.name, _excerpt(b.headline)) for b in stories
    ] + [LoreHit("note", n.pk, n.title, _excerpt(n.headline)) for n in notes]
