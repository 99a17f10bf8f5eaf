"""Press reads. Who sees what (docs/press.md): a public thread (the campaign's, a bout's) is
read by whoever may see the campaign, so a private campaign's press is 404 to outsiders; a
held post by its author only until its turn resolves; a private message by its author and
its recipient only, not even the GM."""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.http import Http404

from arena.models import Bout
from campaign.models import Campaign
from campaign.selectors import AnyUser, campaign_get_visible

from .models import BoutPress, Post

THREAD_SHOWN = 100  # the newest posts of a thread on a page; the API pages through them all


def press_after_turn_of(bout: Bout) -> QuerySet[BoutPress]:
    """The bout's "press only after the turn" option, if switched on (a row or none)."""
    return BoutPress.objects.filter(bout=bout, after_turn=True)


def bout_press_after_turn(*, bout: Bout) -> bool:
    return press_after_turn_of(bout).exists()


def entrant_owner_ids(*, bout: Bout) -> set[int]:
    return set(bout.entrants.values_list("gladiator__owner_id", flat=True))


def _published_or_own(user: AnyUser, bout: Bout | None) -> Q:
    shown = Q(published_at__isnull=False)
    if bout is not None:
        # A held post whose turn is over shows even before press_release ran (the bout ended
        # some other way: the GM let tactics fight the rest, cancelled or voided it).
        shown |= Q(held_turn__lt=bout.turn)
        if bout.status != Bout.Status.RUNNING:
            shown |= Q(held_turn__isnull=False)
    if user.is_authenticated:
        shown |= Q(author_id=user.pk)
    return shown


def thread_posts(*, campaign: Campaign, user: AnyUser, bout: Bout | None = None) -> QuerySet[Post]:
    """The public thread of the campaign (bout None) or of a bout, as `user` may read it:
    announcements first (the campaign's thread), then the posts oldest first. The caller has
    checked that the user may see the campaign."""
    posts = Post.objects.filter(campaign=campaign, bout=bout, recipient__isnull=True).filter(
        _published_or_own(user, bout)
    )
    return posts.select_related("author", "hidden_by").order_by("-is_announcement", "id")


def thread_recent(*, campaign: Campaign, user: AnyUser, bout: Bout | None = None) -> list[Post]:
    """A thread's announcements, all of them, and its newest THREAD_SHOWN other posts, in the
    thread's order. A long thread loads those rows only."""
    posts = thread_posts(campaign=campaign, user=user, bout=bout)
    newest = list(
        posts.filter(is_announcement=False)
        .order_by("-id")
        .values_list("id", flat=True)[:THREAD_SHOWN]
    )
    return list(posts.filter(Q(id__in=newest) | Q(is_announcement=True)))


def messages_of(*, campaign: Campaign, user: AnyUser) -> QuerySet[Post]:
    """The private messages `user` wrote or received in the campaign, oldest first."""
    if not user.is_authenticated:
        return Post.objects.none()
    return (
        Post.objects.filter(campaign=campaign, recipient__isnull=False)
        .filter(Q(author_id=user.pk) | Q(recipient_id=user.pk))
        .select_related("author", "recipient")
        .order_by("id")
    )


def post_get_visible(*, slug: str, pk: int, user: AnyUser) -> Post:
    """A post the user may read, or Http404 (a private message of others, a post held for its
    author, a post in a campaign the user may not see)."""
    campaign = campaign_get_visible(slug=slug, user=user)
    post = Post.objects.filter(campaign=campaign, pk=pk).select_related("bout", "author").first()
    if post is None:
        raise Http404("No such post.")
    if post.recipient_id is not None:
        if not user.is_authenticated or user.pk not in (post.author_id, post.recipient_id):
            raise Http404("No such post.")
    elif not Post.objects.filter(pk=pk).filter(_published_or_own(user, post.bout)).exists():
        raise Http404("No such post.")
    return post


def forum_press(*, bout: Bout, turn: int, markup: str) -> str:
    """The bout's public press written during turn `turn`, published and not hidden, as a
    forum post in `markup` ("bbcode" or "markdown"; checked by the caller): one line of its
    author in bold, then the text, per post. Empty when nobody wrote."""
    posts = Post.objects.filter(
        bout=bout, turn=turn, recipient__isnull=True, published_at__isnull=False
    ).filter(hidden_at__isnull=True)
    bold = "[b]{}[/b]" if markup == "bbcode" else "**{}**"
    return "\n\n".join(
        f"{bold.format(post.author.get_username())}: {post.text}"
        for post in posts.select_related("author").order_by("id")
    )
