"""Writing, editing and publishing a chronicle, and the GM's schedule for drafts.

A draft covers the time since the campaign's last chronicle (or since the campaign began) up
to now. Only the GM drafts by hand, edits and publishes; the worker drafts on the GM's
schedule (chronicles_draft_due, hourly). Publishing puts it in every member's inbox as press
(kind "press": in the daily digest by default, on the webhooks) and in the audit trail.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Min
from django.utils import timezone

from arena.models import Bout
from campaign.models import Campaign, Membership
from campaign.notifications.models import Event
from campaign.notifications.services import event_record
from campaign.services import audit_record, check_campaign_gm
from campaign.shared.errors import LudusError
from campaign.shared.inputs import parse_int
from campaign.shared.text import text_input

from .facts import chronicle_facts
from .models import BODY_MAX, TITLE_MAX, Chronicle
from .words import chronicle_body, chronicle_title

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _period_start(campaign: Campaign) -> datetime:
    """Where the next chronicle starts: the end of the last one, or else the campaign's first
    day, which is its first gladiator's or first result's when those are older (a campaign
    imported or loaded with its history)."""
    last = campaign.chronicles.order_by("-period_end").values_list("period_end", flat=True).first()
    if last is not None:
        return last
    firsts = [
        campaign.created_at,
        campaign.gladiators.aggregate(first=Min("created_at"))["first"],
        Bout.objects.filter(campaign=campaign).aggregate(first=Min("resolved_at"))["first"],
    ]
    return min(moment for moment in firsts if moment is not None)


def chronicle_write(*, campaign: Campaign, end: datetime) -> Chronicle:
    """A new draft covering the time since the last chronicle up to `end`, from the facts."""
    start = _period_start(campaign)
    if end <= start:
        raise LudusError("The last chronicle already covers up to now: there is nothing new.")
    facts = chronicle_facts(campaign=campaign, start=start, end=end)
    return Chronicle.objects.create(
        campaign=campaign,
        period_start=start,
        period_end=end,
        title=chronicle_title(facts)[:TITLE_MAX],
        body=chronicle_body(facts)[:BODY_MAX],
    )


def _tell_the_gm(chronicle: Chronicle) -> None:
    gms = Membership.objects.filter(
        campaign=chronicle.campaign, role=Membership.Role.GM
    ).values_list("user_id", flat=True)
    event_record(
        campaign=chronicle.campaign,
        kind=Event.Kind.PRESS,
        key=f"chronicle-draft:{chronicle.pk}",
        text=f"A chronicle of {chronicle.campaign.name} is drafted: read it, edit it, publish it.",
        users=list(gms),
        link=f"/c/{chronicle.campaign.slug}/chronicle/{chronicle.pk}/",
        data={"chronicle": chronicle.pk},
    )


@transaction.atomic
def chronicle_draft(*, campaign: Campaign, by: AbstractBaseUser) -> Chronicle:
    """The GM asks for a draft now."""
    check_campaign_gm(campaign=campaign, user=by)
    Campaign.objects.select_for_update(of=("self",)).get(pk=campaign.pk)  # one draft at a time
    return chronicle_write(campaign=campaign, end=timezone.now())


@transaction.atomic
def chronicle_edit(
    *, chronicle: Chronicle, by: AbstractBaseUser, title: Any, body: Any
) -> Chronicle:
    """The GM's words replace the draft's (a published chronicle may be corrected too: the
    audit trail keeps that it was)."""
    check_campaign_gm(campaign=chronicle.campaign, user=by)
    title = text_input(title, field="title", label="The title", max_length=TITLE_MAX)
    body = text_input(
        body, field="body", label="The chronicle", max_length=BODY_MAX, multiline=True
    )
    chronicle.title, chronicle.body = title, body
    chronicle.edited_at, chronicle.edited_by = timezone.now(), by
    chronicle.save(update_fields=["title", "body", "edited_at", "edited_by"])
    if chronicle.is_published:
        audit_record(
            campaign=chronicle.campaign, actor=by, action="chronicle corrected",
            chronicle=chronicle.pk, title=title,
        )  # fmt: skip
    return chronicle


@transaction.atomic
def chronicle_publish(*, chronicle: Chronicle, by: AbstractBaseUser) -> Chronicle:
    """Everyone who may read the campaign reads it from now on; its members hear of it."""
    check_campaign_gm(campaign=chronicle.campaign, user=by)
    chronicle = Chronicle.objects.select_for_update().get(pk=chronicle.pk)
    if chronicle.is_published:
        raise LudusError("This chronicle is already published.")
    chronicle.published_at, chronicle.published_by = timezone.now(), by
    chronicle.save(update_fields=["published_at", "published_by"])
    campaign = chronicle.campaign
    audit_record(
        campaign=campaign, actor=by, action="chronicle published",
        chronicle=chronicle.pk, title=chronicle.title,
    )  # fmt: skip
    members = Membership.objects.filter(campaign=campaign).exclude(user_id=by.pk)
    event_record(
        campaign=campaign,
        kind=Event.Kind.PRESS,
        key=f"chronicle:{chronicle.pk}",
        text=f"The chronicle is out: {chronicle.title}",
        users=list(members.values_list("user_id", flat=True)),
        link=f"/c/{campaign.slug}/chronicle/{chronicle.pk}/",
        data={"chronicle": chronicle.pk},
    )
    return chronicle


def chronicle_schedule(campaign: Campaign) -> tuple[int, int] | None:
    """(weekday 0 = Monday, hour) in UTC when the worker drafts, or None (by hand only)."""
    kept = campaign.options.get("chronicle")
    if isinstance(kept, dict) and "weekday" in kept and "hour" in kept:
        return int(kept["weekday"]), int(kept["hour"])
    return None


@transaction.atomic
def chronicle_schedule_set(
    *, campaign: Campaign, by: AbstractBaseUser, weekday: Any, hour: Any
) -> None:
    """The GM's schedule: a weekday and an hour (UTC), or weekday "" for none."""
    check_campaign_gm(campaign=campaign, user=by)
    campaign = Campaign.objects.select_for_update(of=("self",)).get(pk=campaign.pk)
    options = dict(campaign.options)
    if weekday in ("", None):
        options.pop("chronicle", None)
    else:
        day = parse_int(weekday, low=0, high=6)
        at = parse_int(hour, low=0, high=23)
        if day is None:
            raise LudusError("The weekday is a number from 0 (Monday) to 6 (Sunday).")
        if at is None:
            raise LudusError("The hour is a whole number from 0 to 23 (UTC).")
        options["chronicle"] = {"weekday": day, "hour": at}
    campaign.options = options
    campaign.save(update_fields=["options"])
    audit_record(
        campaign=campaign, actor=by, action="chronicle schedule",
        schedule=options.get("chronicle"),
    )  # fmt: skip


def last_due(schedule: tuple[int, int], now: datetime) -> datetime:
    """The latest scheduled moment at or before `now` (UTC)."""
    weekday, hour = schedule
    moment = now.replace(hour=hour, minute=0, second=0, microsecond=0)
    moment -= timedelta(days=(moment.weekday() - weekday) % 7)
    if moment > now:
        moment -= timedelta(days=7)
    return moment


def chronicles_draft_due(*, now: datetime | None = None) -> int:
    """Draft every scheduled chronicle whose moment has come and that is not written yet (an
    archived campaign is left alone). Run hourly by beat; a missed hour is caught up."""
    now = now or timezone.now()
    drafted = 0
    for campaign in Campaign.objects.filter(
        archived_at__isnull=True, options__has_key="chronicle"
    ).order_by("pk"):
        schedule = chronicle_schedule(campaign)
        if schedule is None:
            continue
        due = last_due(schedule, now)
        with transaction.atomic():
            Campaign.objects.select_for_update(of=("self",)).get(pk=campaign.pk)
            if (
                campaign.chronicles.filter(period_end__gte=due).exists()
                or due <= campaign.created_at
            ):
                continue
            _tell_the_gm(chronicle_write(campaign=campaign, end=due))
            drafted += 1
    return drafted
