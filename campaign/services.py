from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils.text import slugify

from arena.engine import campaign_rulesets

from .errors import LudusError, NotAllowed
from .models import AuditEntry, Campaign, Membership, new_invite_code
from .selectors import campaign_is_gm, campaign_role, campaign_role_forget


def ruleset_choices() -> list[tuple[str, str]]:
    """The rule sets a campaign can be run under: those with a campaign adapter."""
    return [(r.slug, r.title) for r in campaign_rulesets()]


def audit_record(
    *, campaign: Campaign, actor: AbstractBaseUser | None, action: str, **detail: Any
) -> AuditEntry:
    return AuditEntry.objects.create(campaign=campaign, actor=actor, action=action, detail=detail)


def check_campaign_gm(*, campaign: Campaign, user: AbstractBaseUser) -> None:
    if not campaign_is_gm(campaign=campaign, user=user):
        raise NotAllowed("Only the campaign's game master may do this.")


def check_campaign_member(*, campaign: Campaign, user: AbstractBaseUser) -> None:
    if campaign_role(campaign=campaign, user=user) is None:
        raise NotAllowed("Only members of this campaign may do this; join it first.")


def _unique_slug(name: str) -> str:
    base = slugify(name)[:120] or "campaign"
    slug, n = base, 1
    while Campaign.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def campaign_create(
    *,
    by: AbstractBaseUser,
    name: str,
    ruleset: str,
    description: str = "",
    visibility: str = Campaign.Visibility.PRIVATE,
) -> Campaign:
    """Create a campaign; its creator becomes its game master."""
    name = name.strip()
    if not name:
        raise LudusError("A campaign needs a name.", field="name")
    known = dict(ruleset_choices())
    if ruleset not in known:
        raise LudusError(
            f"Unknown rule set {ruleset!r}; choose one of: {', '.join(known)}.", field="ruleset"
        )
    if visibility not in Campaign.Visibility.values:
        raise LudusError("Visibility must be 'public' or 'private'.", field="visibility")
    for _ in range(5):  # two campaigns of one name at once: the loser takes the next slug
        try:
            with transaction.atomic():
                campaign = Campaign.objects.create(
                    name=name,
                    slug=_unique_slug(name),
                    description=description.strip(),
                    ruleset=ruleset,
                    visibility=visibility,
                    created_by=by,
                )
                Membership.objects.create(campaign=campaign, user=by, role=Membership.Role.GM)
                audit_record(campaign=campaign, actor=by, action="campaign.create", name=name)
                return campaign
        except IntegrityError:
            continue
    raise LudusError("Could not find a free address for this campaign; try another name.")


def invite_code_matches(*, campaign: Campaign, code: str) -> bool:
    return secrets.compare_digest(code.strip(), campaign.invite_code)


def campaign_join(*, campaign: Campaign, user: AbstractBaseUser, code: str) -> Membership:
    """Join as a player with the campaign's invite code. Joining twice changes nothing."""
    existing = Membership.objects.filter(campaign=campaign, user=user).first()
    if existing is not None:
        return existing
    if not invite_code_matches(campaign=campaign, code=code):
        raise LudusError("That invite code is not this campaign's.", field="code")
    try:
        with transaction.atomic():
            membership = Membership.objects.create(
                campaign=campaign, user=user, role=Membership.Role.PLAYER
            )
            audit_record(campaign=campaign, actor=user, action="campaign.join")
        campaign_role_forget(campaign=campaign)
    except IntegrityError:  # the same user joining twice at once
        return Membership.objects.get(campaign=campaign, user=user)
    return membership


def campaign_find_by_code(*, code: str) -> Campaign:
    campaign = Campaign.objects.filter(invite_code=code.strip()).first()
    if campaign is None:
        raise LudusError("No campaign has that invite code.", field="code")
    return campaign


SELL_RATIO = (0.0, 1.0)


@transaction.atomic
def campaign_options_set(
    *, campaign: Campaign, by: AbstractBaseUser, sell_ratio: float
) -> Campaign:
    """The GM's house rules. The sell ratio is what the armoury pays back, as a share of the
    list price: above 1 would let players print money by buying and selling."""
    check_campaign_gm(campaign=campaign, user=by)
    low, high = SELL_RATIO
    if not low <= sell_ratio <= high:
        raise LudusError(f"The sell ratio is between {low} and {high}.", field="sell_ratio")
    campaign.options = {**campaign.options, "sell_ratio": sell_ratio}
    campaign.save(update_fields=["options"])
    audit_record(campaign=campaign, actor=by, action="campaign.options", sell_ratio=sell_ratio)
    return campaign


@transaction.atomic
def campaign_invite_reset(*, campaign: Campaign, by: AbstractBaseUser) -> Campaign:
    """Issue a new invite code; the old link stops working."""
    check_campaign_gm(campaign=campaign, user=by)
    campaign.invite_code = new_invite_code()
    campaign.save(update_fields=["invite_code"])
    audit_record(campaign=campaign, actor=by, action="campaign.invite_reset")
    return campaign
