"""{% reliability_record %}: the campaign page's record of turns ordered, missed and excused
(the GM sees every player's, a player their own); {% deadline_control %}: a turn's extensions
and the GM's form for one on the bout page."""

from __future__ import annotations

from django import template

from campaign.selectors import campaign_is_gm

from ..deadlines import EXTENSION_HOURS, REASON_LENGTH, deadline_extensions
from ..selectors import reliability_of
from ..services import missed_turn_policy

register = template.Library()


@register.inclusion_tag("reliability/_record.html", takes_context=True)
def reliability_record(context):
    request = context["request"]
    campaign = context["campaign"]
    user = request.user
    if not user.is_authenticated:
        return {"shown": False}
    is_gm = campaign_is_gm(campaign=campaign, user=user)
    return {
        "shown": True,
        "is_gm": is_gm,
        "campaign": campaign,
        "policy": missed_turn_policy(campaign=campaign),
        "records": reliability_of(campaign=campaign, user_id=None if is_gm else user.pk),
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("reliability/_deadline.html", takes_context=True)
def deadline_control(context, bout):
    """The bout page's word on the current turn's extensions, and the GM's form for one."""
    return {
        "bout": bout,
        "campaign": context["campaign"],
        "is_gm": context.get("is_gm", False),
        "extensions": deadline_extensions(bout=bout),
        "hours": EXTENSION_HOURS,
        "reason_length": REASON_LENGTH,
        "csrf_token": context.get("csrf_token"),
    }
