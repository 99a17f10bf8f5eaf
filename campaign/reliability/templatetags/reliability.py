"""{% reliability_record %}: the campaign page's record of turns ordered, missed and excused.
The GM sees every player's; a player sees their own."""

from __future__ import annotations

from django import template

from campaign.selectors import campaign_is_gm

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
