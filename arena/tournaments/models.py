"""`Tournament`: the knockout seasons, under the name the tournaments' addresses, API and task
still answer to (docs/decisions/0098). No table of its own: a proxy of `Season`."""

from __future__ import annotations

from django.db import models

from arena.seasons.models import Season


class KnockoutSeasons(models.Manager):
    def get_queryset(self) -> models.QuerySet:
        return super().get_queryset().filter(format=Season.Format.KNOCKOUT)


class Tournament(Season):
    """A `knockout` season, seen from the tournament paths."""

    class Seeding(models.TextChoices):
        """The seedings a knockout is drawn with on its old addresses."""

        RANDOM = "random", "At random (seeded, so the draw can be redone)"
        STANDINGS = "standings", "By standings (most wins first)"
        RATING = "rating", "By rating (the highest first)"

    objects = KnockoutSeasons()

    class Meta:
        proxy = True

    @property
    def minutes_apart(self) -> int:
        """Minutes between its rounds (a season spaced by days has them too)."""
        return int(self.round_spacing.total_seconds() // 60)

    @property
    def number(self) -> int:
        """Its id on the tournament paths: the one it had in the tournaments' own table if it
        was carried from there, else its season's."""
        return self.old_tournament_id or self.pk
