"""A campaign's members, managed by its GM: invite by user name, remove a member (their stable
passes to the GM, nothing is lost), hand the campaign over to another member.

Removing a member asks the apps above (campaign/signals.py, `member_removing`) to pass what
the member owns to the GM: the campaign domain imports no other app (docs/architecture.md)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.urls import reverse

from campaign.models import Campaign, Membership
from campaign.notifications.models import Event
from campaign.notifications.services import event_record
from campaign.selectors import campaign_role_forget
from campaign.services import audit_record, check_campaign_gm
from campaign.shared.errors import LudusError
from campaign.shared.text import text_input
from campaign.signals import changed, member_removing

USERNAME_MAX = 150  # Django's user name


def _user_named(username: str):
    username = text_input(
        username, field="username", label="The user name", max_length=USERNAME_MAX
    )
    user = get_user_model().objects.filter(username__iexact=username, is_active=True).first()
    if user is None:
        raise LudusError(f"Nobody is called {username!r} on Ludus.", field="username")
    return user


def _gm_membership_lock(*, campaign: Campaign, by: AbstractBaseUser) -> Membership:
    """The acting GM's membership row, locked: two changes of the member list (a removal, a
    hand-over) queue up behind it instead of both acting on what they read before."""
    check_campaign_gm(campaign=campaign, user=by)
    mine = (
        Membership.objects.select_for_update()
        .filter(campaign=campaign, user=by, role=Membership.Role.GM)
        .first()
    )
    if mine is None:  # handed over a moment ago by a concurrent request
        raise LudusError("You are no longer this campaign's game master.")
    return mine


def member_invite(*, campaign: Campaign, by: AbstractBaseUser, username: str) -> Membership:
    """The GM adds a user by name as a player, at once, and they hear of it in their inbox.
    Adding someone who is already a member changes nothing and says so."""
    check_campaign_gm(campaign=campaign, user=by)
    user = _user_named(username)
    if Membership.objects.filter(campaign=campaign, user=user).exists():
        raise LudusError(
            f"{user.username} is already a member of {campaign.name}.", field="username"
        )
    try:
        with transaction.atomic():
            membership = Membership.objects.create(
                campaign=campaign, user=user, role=Membership.Role.PLAYER
            )
            audit_record(campaign=campaign, actor=by, action="member.invite", user=user.username)
            event_record(
                campaign=campaign,
                kind=Event.Kind.INVITED,
                key=f"invited:{campaign.pk}:{user.pk}:{membership.pk}",
                text=f"{by.get_username()} added you to {campaign.name}: you can bring "
                "gladiators to it now.",
                link=reverse("campaign", args=[campaign.slug]),
                users=[user.pk],
                data={"campaign": campaign.slug, "by": by.get_username()},
            )
    except IntegrityError:  # the same user added twice at once
        raise LudusError(
            f"{user.username} is already a member of {campaign.name}.", field="username"
        ) from None
    campaign_role_forget(campaign=campaign)
    return membership


@transaction.atomic
def member_remove(*, campaign: Campaign, by: AbstractBaseUser, username: str) -> int:
    """The GM removes a player. Their gladiators stay in the campaign with their purse, kit and
    record, and pass to the removing GM (as the GM's own gladiators are): a bout they are in,
    scheduled or being fought turn by turn, goes on with the GM giving their orders. Returns
    how many gladiators changed hands. A GM is not removed: hand the campaign over first."""
    _gm_membership_lock(campaign=campaign, by=by)
    user = _user_named(username)
    membership = Membership.objects.select_for_update().filter(campaign=campaign, user=user).first()
    if membership is None:
        raise LudusError(f"{user.username} is not a member of {campaign.name}.", field="username")
    if membership.role == Membership.Role.GM:
        raise LudusError(
            f"{user.username} is a game master of {campaign.name}; a game master hands the "
            "campaign over instead of being removed.",
            field="username",
        )
    passed = changed(member_removing.send(sender=Membership, campaign=campaign, user=user, to=by))
    membership.delete()
    audit_record(
        campaign=campaign,
        actor=by,
        action="member.remove",
        user=user.username,
        gladiators=passed,
    )
    campaign_role_forget(campaign=campaign)
    return len(passed)


@transaction.atomic
def campaign_hand_over(*, campaign: Campaign, by: AbstractBaseUser, username: str) -> Membership:
    """The GM makes another member the game master and becomes a player (their own gladiators
    stay theirs)."""
    mine = _gm_membership_lock(campaign=campaign, by=by)
    user = _user_named(username)
    if user.pk == by.pk:
        raise LudusError("You are the game master already; name another member.", field="username")
    theirs = Membership.objects.select_for_update().filter(campaign=campaign, user=user).first()
    if theirs is None:
        raise LudusError(
            f"{user.username} is not a member of {campaign.name}; invite them first.",
            field="username",
        )
    theirs.role = Membership.Role.GM
    theirs.save(update_fields=["role"])
    mine.role = Membership.Role.PLAYER
    mine.save(update_fields=["role"])
    audit_record(campaign=campaign, actor=by, action="campaign.hand_over", to=user.username)
    campaign_role_forget(campaign=campaign)
    return theirs
