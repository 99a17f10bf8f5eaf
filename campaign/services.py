from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify

from arena.gateway import campaign_rulesets
from campaign.shared.errors import LudusError, NotAllowed
from campaign.shared.text import name_input, text_input

from .house_rules import house_rules_clean
from .models import AuditEntry, Campaign, Membership, new_invite_code
from .selectors import (
    campaign_is_gm,
    campaign_role,
    campaign_role_forget,
    campaigns_visible,
    invite_code_matches,
)

# The models' max_length, checked on the cleaned text (campaign/shared/text.py).
CAMPAIGN_NAME_MAX = Campaign._meta.get_field("name").max_length
CAMPAIGN_DESCRIPTION_MAX = Campaign._meta.get_field("description").max_length


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


def _name_and_description_clean(name: str, description: str) -> tuple[str, str]:
    name = name_input(name, field="name", label="A campaign's name", max_length=CAMPAIGN_NAME_MAX)
    description = text_input(
        description,
        field="description",
        label="The description",
        max_length=CAMPAIGN_DESCRIPTION_MAX,
        multiline=True,
        required=False,
    )
    return name, description


def check_campaign_name_free(
    *, name: str, user: AbstractBaseUser, campaign: Campaign | None = None
) -> None:
    """Two campaigns a person can see may not share a name (in any case), or the dashboard and
    the public list would show two of one name. Another GM's private campaign does not count:
    a refusal would tell that it exists (docs/decisions/0028-gm-tools.md)."""
    clash = campaigns_visible(user=user).filter(name__iexact=name)
    if campaign is not None:
        clash = clash.exclude(pk=campaign.pk)
    if clash.exists():
        raise LudusError(
            f"A campaign named {name!r} already exists; choose another name.", field="name"
        )


def campaign_create(
    *,
    by: AbstractBaseUser,
    name: str,
    ruleset: str,
    description: str = "",
    visibility: str = Campaign.Visibility.PRIVATE,
) -> Campaign:
    """Create a campaign; its creator becomes its game master."""
    name, description = _name_and_description_clean(name, description)
    known = dict(ruleset_choices())
    if ruleset not in known:
        raise LudusError(
            f"Unknown rule set {ruleset!r}; choose one of: {', '.join(known)}.", field="ruleset"
        )
    if visibility not in Campaign.Visibility.values:
        raise LudusError("Visibility must be 'public' or 'private'.", field="visibility")
    check_campaign_name_free(name=name, user=by)
    check_campaign_quota(user=by)
    for _ in range(5):  # two campaigns of one name at once: the loser takes the next slug
        try:
            with transaction.atomic():
                campaign = Campaign.objects.create(
                    name=name,
                    slug=_unique_slug(name),
                    description=description,
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


@transaction.atomic
def campaign_update(
    *, campaign: Campaign, by: AbstractBaseUser, name: str, description: str = ""
) -> Campaign:
    """The GM renames the campaign or rewrites its description. Its address (slug) stays, so
    links and bookmarks keep working."""
    check_campaign_gm(campaign=campaign, user=by)
    name, description = _name_and_description_clean(name, description)
    check_campaign_name_free(name=name, user=by, campaign=campaign)
    changed = {
        field: value
        for field, value in (("name", name), ("description", description))
        if getattr(campaign, field) != value
    }
    if changed:
        Campaign.objects.filter(pk=campaign.pk).update(**changed)
        for field, value in changed.items():
            setattr(campaign, field, value)
        audit_record(campaign=campaign, actor=by, action="campaign.update", **changed)
    return campaign


def check_campaign_quota(*, user: AbstractBaseUser) -> None:
    """A user creates at most LUDUS_LIMITS' campaigns_per_day in 24 hours, and campaigns_in_total
    in all (docs/security.md)."""
    limits = settings.LUDUS_LIMITS
    mine = Campaign.objects.filter(created_by=user)
    if mine.count() >= limits["campaigns_in_total"]:
        raise LudusError(
            f"You have created {limits['campaigns_in_total']} campaigns, the most one person "
            "may; ask the administrator if you need more."
        )
    since = timezone.now() - timedelta(days=1)
    if mine.filter(created_at__gte=since).count() >= limits["campaigns_per_day"]:
        raise LudusError(
            f"You have created {limits['campaigns_per_day']} campaigns in the last 24 hours; "
            "that is the most one person may. Try again tomorrow."
        )


# What new_invite_code() makes: 12 characters of the URL-safe alphabet.
_INVITE_CODE = re.compile(r"[A-Za-z0-9_-]{1,32}")


def campaign_join(*, campaign: Campaign, user: AbstractBaseUser, code: str) -> Membership:
    """Join as a player with the campaign's invite code. Joining twice changes nothing."""
    existing = Membership.objects.filter(campaign=campaign, user=user).first()
    if existing is not None:
        return existing
    if not invite_code_matches(campaign=campaign, code=code):
        raise LudusError("That invite code is not this campaign's.", field="code")
    if campaign.is_archived:
        raise LudusError(f"{campaign.name} is archived: it takes no new members.", field="code")
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
    code = code.strip()
    campaign = (
        Campaign.objects.filter(invite_code=code).first() if _INVITE_CODE.fullmatch(code) else None
    )
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


@transaction.atomic
def campaign_house_rules_set(
    *, campaign: Campaign, by: AbstractBaseUser, rules: dict[str, Any]
) -> Campaign:
    """The GM sets some or all of the house rules of the economy and of mercy
    (campaign/house_rules.py); a bad value is refused in words and nothing is changed. Bouts
    already fought keep what they paid; the next bout and the next new gladiator use these."""
    check_campaign_gm(campaign=campaign, user=by)
    cleaned = house_rules_clean(rules)
    campaign.options = {**campaign.options, **cleaned}
    campaign.save(update_fields=["options"])
    audit_record(campaign=campaign, actor=by, action="campaign.house_rules", **cleaned)
    return campaign
