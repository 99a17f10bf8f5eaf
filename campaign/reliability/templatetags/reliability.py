"""{% reliability_record %}: the campaign page's record of turns ordered, missed and excused
(the GM sees every player's, a player their own); {% deadline_control %}: a turn's extensions
and the GM's form for one on the bout page; {% fallback_orders gladiator %}: the sheet's form
of its owner's conditional fallback orders."""

from __future__ import annotations

from django import template

from campaign.selectors import campaign_is_gm, campaign_role
from characters.models import Gladiator

from ..deadlines import EXTENSION_HOURS, bout_pause_of, deadline_extensions
from ..fallback import fallback_plan_of, fallback_schema_of, plan_fits_form, plan_rows
from ..selectors import reliability_of
from ..services import missed_turn_policy
from ..text import REASON_LENGTH
from ..vacations import vacation_days_left, vacations_of

register = template.Library()


@register.inclusion_tag("reliability/_record.html", takes_context=True)
def reliability_record(context):
    request = context["request"]
    campaign = context["campaign"]
    user = request.user
    if not user.is_authenticated:
        return {"shown": False}
    is_gm = campaign_is_gm(campaign=campaign, user=user)
    policy = missed_turn_policy(campaign=campaign)
    return {
        "shown": True,
        "is_gm": is_gm,
        "campaign": campaign,
        "policy": policy,
        "records": reliability_of(campaign=campaign, user_id=None if is_gm else user.pk),
        "seats": list(
            Gladiator.objects.filter(campaign=campaign, status=Gladiator.Status.ACTIVE)
            .select_related("owner")
            .order_by("name")
        )
        if is_gm
        else [],
        "is_member": campaign_role(campaign=campaign, user=user) is not None,
        "vacations": vacations_of(campaign=campaign, user=user),
        "vacation_days_left": vacation_days_left(
            campaign=campaign, user_id=user.pk, allowed=policy.vacation_days
        ),
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("reliability/_deadline.html", takes_context=True)
def deadline_control(context, bout):
    """The bout page's word on when the turn resolves, its extensions or pause, and the GM's
    deadline control."""
    return {
        "bout": bout,
        "campaign": context["campaign"],
        "is_gm": context.get("is_gm", False),
        "extensions": deadline_extensions(bout=bout) if bout.status == "running" else [],
        "pause": bout_pause_of(bout=bout) if bout.status == "running" else None,
        "hours": EXTENSION_HOURS,
        "reason_length": REASON_LENGTH,
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("reliability/_fallback.html", takes_context=True)
def fallback_orders(context, gladiator):
    """The sheet's form of a gladiator's conditional fallback orders: its owner's alone."""
    user = context["request"].user
    schema = fallback_schema_of(gladiator)
    if not user.is_authenticated or gladiator.owner_id != user.pk or not schema["actions"]:
        return {"shown": False}
    plan = fallback_plan_of(gladiator=gladiator, user=user)
    return {
        "shown": True,
        "gladiator": gladiator,
        "campaign": gladiator.campaign,
        "schema": schema,
        "plan": plan,
        "rows": plan_rows(schema, plan),
        "fits": plan_fits_form(plan),
        "csrf_token": context.get("csrf_token"),
    }
