"""Ratings: the time to rate a 64-entrant round (32 one-on-one bouts) and one 64-entrant
free-for-all, and to undo a bout by void when later rounds were rated after it.

    python -m campaign.devstack exec -- .venv/bin/python bench/ratings_bench.py

Uses a scratch database (<name>_bench) on the server DATABASE_URL points at, drops it after.
The bouts are stored as the engine's results are (entrants with their places, the bout
resolved); ratings_update then runs as a resolution runs it, one transaction per bout, so the
figures are the rating's own share of a resolution: its lock, reads, the OpenSkill update and
its writes. A bout takes at most eight entrants through the scheduling service; the
free-for-all of 64 is stored directly, to show how the update grows with a bout's size. The
model's arithmetic alone (openskill, no database) is printed beside each. Figures only.
"""

from __future__ import annotations

import random
import time

from harness import django_on_scratch_database, report

ENTRANTS = 64
SAMPLES = 7  # rounds rated; the median is printed
LATER_ROUNDS = 6  # rated after the bout a void undoes


def main() -> None:
    with django_on_scratch_database():
        from django.contrib.auth import get_user_model
        from django.db import transaction
        from django.utils import timezone

        from arena.models import Bout, BoutEntrant
        from arena.ratings import START, rate, ratings_undo, ratings_update, seats_of
        from campaign.services import campaign_create
        from characters.models import Gladiator

        gm = get_user_model().objects.create_user("bench-gm")
        campaign = campaign_create(by=gm, name="Bench League", ruleset="gladiatorquest")
        fighters = Gladiator.objects.bulk_create(
            Gladiator(campaign=campaign, owner=gm, name=f"R{n}", kind="barbarian")
            for n in range(ENTRANTS)
        )
        shuffle = random.Random(26)

        def stored_bout(pairs: list[list[int]]) -> tuple[Bout, list]:
            """A decided bout of these entrants, placed in the order given, and its seats (a
            resolution hands over the entrants it has just stored)."""
            now = timezone.now()
            bout = Bout.objects.create(
                campaign=campaign, ruleset=campaign.ruleset, seed=0, scheduled_at=now,
                status=Bout.Status.RESOLVED, resolved_at=now, created_by=gm,
            )  # fmt: skip
            entrants = BoutEntrant.objects.bulk_create(
                BoutEntrant(bout=bout, gladiator_id=g, place=place)
                for place, group in enumerate(pairs, start=1)
                for g in group
            )
            return bout, seats_of(entrants)

        def a_round() -> list[tuple[Bout, list]]:
            ids = [g.pk for g in fighters]
            shuffle.shuffle(ids)
            return [stored_bout([[ids[n]], [ids[n + 1]]]) for n in range(0, ENTRANTS, 2)]

        def rated(bouts: list[tuple[Bout, list]]) -> float:
            began = time.perf_counter()
            for bout, seats in bouts:
                with transaction.atomic():
                    ratings_update(bout=bout, seats=seats)
            return time.perf_counter() - began

        rounds = [rated(a_round()) for _ in range(SAMPLES)]
        report(f"A round of {ENTRANTS // 2} one-on-one bouts rated (one transaction each)", rounds)
        skills = {1: START, 2: START}
        began = time.perf_counter()
        for _ in range(ENTRANTS // 2):
            rate([[1], [2]], [1, 2], skills)
        print(f"  of which OpenSkill's arithmetic: {(time.perf_counter() - began) * 1000:.1f} ms")

        free_for_all = []
        for _ in range(SAMPLES):
            ids = [g.pk for g in fighters]
            shuffle.shuffle(ids)
            free_for_all.append(rated([stored_bout([[g] for g in ids])]))
        report(f"One free-for-all of {ENTRANTS} rated", free_for_all)
        began = time.perf_counter()
        rate(
            [[g] for g in range(ENTRANTS)],
            list(range(1, ENTRANTS + 1)),
            dict.fromkeys(range(ENTRANTS), START),
        )
        print(f"  of which OpenSkill's arithmetic: {(time.perf_counter() - began) * 1000:.1f} ms")

        undos = []
        for _ in range(3):
            first = a_round()
            rated(first)
            for _ in range(LATER_ROUNDS):
                rated(a_round())
            bout = first[0][0]
            began = time.perf_counter()
            with transaction.atomic():
                ratings_undo(bout=bout)
            undos.append(time.perf_counter() - began)
            Bout.objects.filter(pk=bout.pk).update(status=Bout.Status.VOIDED)
        report(
            f"A void undoing a one-on-one bout with {LATER_ROUNDS} rounds of 32 rated after it "
            f"(those touching a changed rating rated again)",
            undos,
        )


if __name__ == "__main__":
    main()
