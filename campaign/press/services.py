"""Press writes: posting in a thread, a private message, the GM hiding a post, the bout's
"press only after the turn" option, and publishing the posts it held when their turn resolves.

Every post is text a person wrote, cleaned like every other text (campaign/shared/text.py). Nothing
here quotes an order, a board or a log: the system adds to a post only who wrote it and when.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import prefetch_related_objects
from django.utils import timezone

from arena.models import Bout
from campaign.models import Campaign, Membership
from campaign.notifications.models import Event
from campaign.notifications.services import event_record
from campaign.selectors import campaign_role
from campaign.services import audit_record, check_campaign_gm, check_campaign_member
from campaign.shared.errors import LudusError, NotAllowed
from campaign.shared.text import text_input

from .models import TEXT_LIMIT, BoutPress, Post
from .selectors import bout_press_after_turn, entrant_owner_ids

EXCERPT = 120  # characters of a post quoted in an inbox row


def _text(text: object) -> str:
    return text_input(
        text, field="text", label="The message", max_length=TEXT_LIMIT, multiline=True
    )


def check_flood(*, user: AbstractBaseUser, now=None) -> None:
    """Refuse, in words, a post over the per-minute or per-day limit; the refused post is not
    stored. Counted over the user's posts in every campaign (index press_flood)."""
    now = now or timezone.now()
    limits = settings.LUDUS_LIMITS
    written = Post.objects.filter(author=user)
    if written.filter(created_at__gt=now - timedelta(minutes=1)).count() >= (
        per_minute := limits["press_posts_per_minute"]
    ):
        raise LudusError(
            f"You have posted {per_minute} messages in the last minute; wait a minute and "
            "post again.",
            field="text",
        )
    if written.filter(created_at__gt=now - timedelta(days=1)).count() >= (
        per_day := limits["press_posts_per_day"]
    ):
        raise LudusError(
            f"You have posted {per_day} messages in the last day, the most a day allows; "
            "post again tomorrow.",
            field="text",
        )


def _excerpt(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= EXCERPT else line[: EXCERPT - 1] + "…"


def _link(post: Post) -> str:
    slug = post.campaign.slug
    if post.recipient_id is not None:
        return f"/c/{slug}/press/messages/"
    if post.bout_id is not None:
        return f"/c/{slug}/bouts/{post.bout_id}/#press"
    return f"/c/{slug}/press/"


def _notify(post: Post) -> None:
    """Put the published post in its readers' inboxes (and out by their e-mail choices): a
    private message to its recipient (kind press_private, by e-mail at once by default), a
    public post to every other member (kind press, in the daily digest by default)."""
    author = post.author.get_username()
    if post.recipient_id is not None:
        kind, users = Event.Kind.PRESS_PRIVATE, [post.recipient_id]
        text = f"{author} wrote to you in {post.campaign.name}: {_excerpt(post.text)}"
    else:
        kind = Event.Kind.PRESS
        users = (
            Membership.objects.filter(campaign=post.campaign)
            .exclude(user_id=post.author_id)
            .values_list("user_id", flat=True)
        )
        where = f"{post.campaign.name}, {post.bout}" if post.bout_id else post.campaign.name
        what = "announced" if post.is_announcement else "wrote"
        text = f"{author} {what} in {where}: {_excerpt(post.text)}"
    event_record(
        campaign=post.campaign,
        kind=kind,
        key=f"press:{post.pk}",
        text=text,
        users=list(users),
        link=_link(post),
        data={"post": post.pk},
    )


@transaction.atomic
def post_create(
    *,
    campaign: Campaign,
    by: AbstractBaseUser,
    text: str,
    bout: Bout | None = None,
    announcement: bool = False,
) -> Post:
    """A post in the campaign's thread, or in `bout`'s. Members only; an announcement is the
    GM's, in the campaign's thread. A post by an entrant's owner while the bout runs a turn
    and its press waits for the turn is held until that turn resolves."""
    check_campaign_member(campaign=campaign, user=by)
    if bout is not None and bout.campaign_id != campaign.pk:
        raise LudusError("That bout is not in this campaign.", field="bout")
    if announcement:
        check_campaign_gm(campaign=campaign, user=by)
        if bout is not None:
            raise LudusError(
                "An announcement goes in the campaign's thread, not a bout's.",
                field="announcement",
            )
    cleaned = _text(text)
    check_flood(user=by)
    held = (
        bout is not None
        and bout.status == Bout.Status.RUNNING
        and bout_press_after_turn(bout=bout)
        and by.pk in entrant_owner_ids(bout=bout)
    )
    post = Post.objects.create(
        campaign=campaign,
        bout=bout,
        author=by,
        text=cleaned,
        is_announcement=announcement,
        turn=bout.turn if bout is not None else None,
        held_turn=bout.turn if held else None,
        published_at=None if held else timezone.now(),
    )
    if not held:
        _notify(post)
    return post


@transaction.atomic
def message_send(
    *, campaign: Campaign, by: AbstractBaseUser, to: AbstractBaseUser | str, text: str
) -> Post:
    """A private message from one member to another; only the two of them ever see it."""
    check_campaign_member(campaign=campaign, user=by)
    if isinstance(to, str):
        found = get_user_model().objects.filter(username=to.strip()).first()
        if found is None or campaign_role(campaign=campaign, user=found) is None:
            raise LudusError(f"{to.strip()!r} is not a member of this campaign.", field="to")
        to = found
    elif campaign_role(campaign=campaign, user=to) is None:
        raise LudusError(f"{to.get_username()!r} is not a member of this campaign.", field="to")
    if to.pk == by.pk:
        raise LudusError("Write to another member, not to yourself.", field="to")
    cleaned = _text(text)
    check_flood(user=by)
    post = Post.objects.create(
        campaign=campaign, recipient=to, author=by, text=cleaned, published_at=timezone.now()
    )
    _notify(post)
    return post


@transaction.atomic
def post_hide(*, post: Post, by: AbstractBaseUser) -> Post:
    """The GM hides a public post: it stays stored and shows as "hidden by the GM"; the audit
    trail records it with its text; its inbox rows say it was hidden. A private message is not
    the GM's to see, nor to hide."""
    check_campaign_gm(campaign=post.campaign, user=by)
    if post.recipient_id is not None:
        raise NotAllowed("A private message is its writer's and reader's only.")
    post = Post.objects.select_for_update().get(pk=post.pk)
    if post.is_hidden:
        return post
    post.hidden_at, post.hidden_by = timezone.now(), by
    post.save(update_fields=["hidden_at", "hidden_by"])
    audit_record(
        campaign=post.campaign,
        actor=by,
        action="press_post_hidden",
        post=post.pk,
        author=post.author.get_username(),
        bout=post.bout_id,
        text=post.text,
    )
    Event.objects.filter(key=f"press:{post.pk}").update(
        text=f"A message by {post.author.get_username()} was hidden by the GM."
    )
    return post


@transaction.atomic
def bout_press_after_turn_set(*, bout: Bout, by: AbstractBaseUser, on: bool) -> BoutPress:
    """The GM's switch of "press only after the turn" for a bout. Switched off, the posts it
    held are published at once."""
    check_campaign_gm(campaign=bout.campaign, user=by)
    option, _ = BoutPress.objects.update_or_create(bout=bout, defaults={"after_turn": on})
    audit_record(
        campaign=bout.campaign, actor=by, action="press_after_turn_set", bout=bout.pk, on=on
    )
    if not on:
        press_release(bout=bout)
    return option


def press_release(*, bout: Bout) -> int:
    """Publish the bout's held posts whose turn has resolved (all of them once the bout no
    longer runs, or its option is off), and put them in the inboxes. Runs in the transaction
    that resolves the turn (arena/play/services.py). Returns how many it published."""
    # Most turns hold no press: one plain read of the bout's unpublished posts, and the option
    # and the authors read only when there are some. The bout and its campaign are in hand,
    # not read again with each post.
    posts = list(Post.objects.filter(bout=bout, published_at__isnull=True).order_by("id"))
    if posts and bout.status == Bout.Status.RUNNING and bout_press_after_turn(bout=bout):
        posts = [p for p in posts if p.held_turn is not None and p.held_turn < bout.turn]
    if not posts:
        return 0
    prefetch_related_objects(posts, "author")
    now = timezone.now()
    for post in posts:
        post.bout, post.campaign = bout, bout.campaign
        post.published_at = now
    Post.objects.bulk_update(posts, ["published_at"])
    for post in posts:
        _notify(post)
    return len(posts)
