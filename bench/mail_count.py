"""How many e-mails each player of a 40-turn play-by-web bout gets: every kind at once (as all
users had before the digest) against the defaults (docs/notifications.md).

    python -m campaign.devstack exec -- .venv/bin/python bench/mail_count.py   (or make bench)

In-process on a scratch database (<name>_bench), dropped after; no worker. A Gladiator Arena
duel of two giants far apart, 12 hours a turn, so 40 turns span 20 days. Player A orders early
every turn; player B orders late every fourth turn, after the reminder sweep has run at 90% of
the turn. The GM then lets tactics finish the bout (its result, and a death or mercy). Each
turn's events are dated at the turn's own (simulated) time, so the real digest code makes one
digest per player and day; the digests are sent through the header-safe backend into a local
outbox and counted there. The e-mails at once are counted from each player's choices, as the
fan-out makes them.
"""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

from harness import django_on_scratch_database

TURNS = 40
HOURS = 12
LATE_EVERY = 4


def main() -> None:
    with django_on_scratch_database():
        from django.conf import settings
        from django.contrib.auth import get_user_model
        from django.core import mail
        from django.utils import timezone

        from arena.play_by_web import (
            bout_enter,
            bout_finish_by_tactics,
            bout_open,
            bout_start,
            bout_turn_resolve,
            order_submit,
        )
        from arena.reminders import orders_reminders_sweep
        from campaign.notifications.models import Event, Notification
        from campaign.notifications.services import digests_make, email_choices
        from campaign.services import campaign_create, campaign_join
        from characters.services import gladiator_create

        settings.LUDUS_EMAIL_TRANSPORT = "django.core.mail.backends.locmem.EmailBackend"
        mail.outbox = []
        users = get_user_model().objects
        gm = users.create_user("bench-gm")
        a, b = (users.create_user(f"bench-{n}", email=f"{n}@example.org") for n in "ab")
        campaign = campaign_create(by=gm, name="Bench arena", ruleset="gladiator-arena")
        for player in (a, b):
            campaign_join(campaign=campaign, user=player, code=campaign.invite_code)
        bout = bout_open(
            campaign=campaign, by=gm, title="Mail count",
            options={"board": [26, 26], "time_limit": False}, deadline_hours=HOURS,
        )  # fmt: skip
        mine, theirs = (
            bout_enter(
                bout=bout,
                by=p,
                square=square,
                gladiator=gladiator_create(campaign=campaign, by=p, name=name, kind="giant"),
            )
            for p, name, square in ((a, "Ajax", "A1"), (b, "Brontes", "Z26"))
        )
        bout_start(bout=bout, by=gm)
        start = timezone.now()
        dated = 0  # events already given their simulated time

        def date_events(at) -> None:
            nonlocal dated
            Event.objects.filter(pk__gt=dated).update(created_at=at)
            dated = Event.objects.order_by("-pk").values_list("pk", flat=True).first() or dated

        for turn in range(1, TURNS + 1):
            date_events(start + timedelta(hours=HOURS * (turn - 1)))
            bout.refresh_from_db()
            order_submit(entrant=mine, by=a, order={}, turn=turn)
            if turn % LATE_EVERY == 0:
                orders_reminders_sweep(now=bout.turn_deadline - timedelta(hours=HOURS * 0.1))
            order_submit(entrant=theirs, by=b, order={}, turn=turn)
            bout_turn_resolve(bout_id=bout.pk, turn=turn)
        bout.refresh_from_db()
        bout_finish_by_tactics(bout=bout, by=gm, turn=bout.turn)
        date_events(start + timedelta(hours=HOURS * TURNS))

        kinds = Counter()
        for player in (a, b):
            now, _ = email_choices(user_id=player.pk)
            rows = Notification.objects.filter(user=player).values_list("event__kind", flat=True)
            kinds[player.pk, "all"] = len(rows)
            kinds[player.pk, "now"] = sum(1 for kind in rows if kind in now)
            for kind in rows:
                kinds[player.pk, kind] += 1
        days = sorted({(start + timedelta(hours=HOURS * t)).date() for t in range(TURNS + 1)})
        for day in days:
            digests_make(day=day)
        print(f"A {TURNS}-turn play-by-web bout, {HOURS} hours a turn ({len(days)} days):")
        for player, late in ((a, "never late"), (b, f"late every {LATE_EVERY}th turn")):
            digests = sum(1 for m in mail.outbox if m.to == [player.email])
            after = kinds[player.pk, "now"] + digests
            detail = ", ".join(
                f"{kind} {kinds[player.pk, kind]}"
                for kind in sorted(k for _, k in kinds if _ == player.pk)
                if kind not in ("all", "now")
            )
            print(f"  player {player.username[-1].upper()} ({late}): {detail}")
            print(f"    before (every kind at once): {kinds[player.pk, 'all']} e-mails")
            print(
                f"    after (the defaults): {after} e-mails "
                f"({kinds[player.pk, 'now']} at once, {digests} daily digests), "
                f"at most {max_a_day(player, start, digests)} a day"
            )


def max_a_day(player, start, digests: int) -> int:
    """The most e-mails the player gets on one day with the defaults (digests land on the
    day after the events they hold, one a day)."""
    from campaign.notifications.models import Notification
    from campaign.notifications.services import email_choices

    now, _ = email_choices(user_id=player.pk)
    per_day = Counter(
        created.date()
        for kind, created in Notification.objects.filter(user=player).values_list(
            "event__kind", "event__created_at"
        )
        if kind in now
    )
    return max(per_day.values()) + (1 if digests else 0)


if __name__ == "__main__":
    main()
