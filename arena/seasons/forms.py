"""The GM's form that opens a season."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.db.models import QuerySet

from arena.bouts.forms import option_fields, options_chosen
from arena.gateway import OptionField
from arena.models import Bout
from campaign.shared.inputs import TITLE_MAX, IntegerField, TextField
from characters.forms import GladiatorChoice
from characters.models import Gladiator

from .models import Division, Season
from .services import (
    DEADLINE_HOURS_MAX,
    ENTRANTS,
    GROUPS_MAX,
    POINTS_MAX,
    ROUND_DAYS,
    ROUND_MINUTES_MAX,
)


class SeasonForm(forms.Form):
    title = TextField(max_length=TITLE_MAX, label="The title")
    division = forms.ModelChoiceField(
        queryset=Division.objects.none(),
        required=False,
        empty_label="None",
        help_text="The campaign's division it is played in, if any.",
    )
    format = forms.ChoiceField(choices=Season.Format.choices, initial=Season.Format.ROUND_ROBIN)
    rounds = IntegerField(
        label="Swiss rounds",
        min_value=1,
        max_value=ENTRANTS[1] - 1,
        required=False,
        help_text="Swiss only: at most one fewer than the entrants.",
    )
    groups = IntegerField(
        label="Groups",
        min_value=2,
        max_value=GROUPS_MAX,
        required=False,
        help_text="Groups then knockout only: how many groups (two or more entrants each).",
    )
    advance = IntegerField(
        label="Through from each group",
        min_value=1,
        max_value=ENTRANTS[1] // 2,
        required=False,
        help_text="Groups then knockout only: the top of each group's table go into the bracket.",
    )
    first_round_at = forms.DateTimeField(
        label="Round one at (UTC)",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    round_days = IntegerField(
        label="Days between rounds", min_value=ROUND_DAYS[0], max_value=ROUND_DAYS[1], initial=7
    )
    round_minutes = IntegerField(
        label="Or minutes between rounds",
        min_value=0,
        max_value=ROUND_MINUTES_MAX,
        required=False,
        help_text="A knockout or double elimination fought as one event: its rounds this many "
        "minutes apart instead (0: each as soon as the one before is decided).",
    )
    seeding = forms.ChoiceField(
        choices=Season.Seeding.choices, initial=Season.Seeding.GIVEN, required=False
    )
    points_win = IntegerField(
        label="Points for a win", min_value=0, max_value=POINTS_MAX, initial=3
    )
    points_draw = IntegerField(
        label="Points for a draw", min_value=0, max_value=POINTS_MAX, initial=1
    )
    points_loss = IntegerField(
        label="Points for a loss", min_value=0, max_value=POINTS_MAX, initial=0
    )
    mode = forms.ChoiceField(choices=Bout.Mode.choices, initial=Bout.Mode.TACTICS)
    deadline_hours = IntegerField(
        label="By web: hours a turn waits for orders",
        min_value=1,
        max_value=DEADLINE_HOURS_MAX,
        required=False,
        initial=24,
        help_text="Empty: no deadline.",
    )
    gladiators = GladiatorChoice(
        queryset=Gladiator.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        help_text=f"{ENTRANTS[0]} to {ENTRANTS[1]}, seeded as the seeding says (a knockout or "
        "double elimination: as many as the rule set's knockout takes).",
    )

    def __init__(
        self,
        *args,
        gladiators: QuerySet[Gladiator],
        options: Sequence[OptionField],
        divisions: QuerySet[Division] | None = None,
        **kwargs,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["gladiators"].queryset = gladiators
        if divisions is None or not divisions.exists():
            del self.fields["division"]
        else:
            self.fields["division"].queryset = divisions
        self.fields.update(option_fields(options))
        self.options = options

    def service_arguments(self) -> dict[str, Any]:
        """What season_open takes."""
        names = (
            "title",
            "format",
            "first_round_at",
            "round_days",
            "rounds",
            "gladiators",
            "mode",
        )
        plain = {k: self.cleaned_data[k] for k in names}
        points = {k: self.cleaned_data[k] for k in ("points_win", "points_draw", "points_loss")}
        return {
            **plain,
            **points,
            "seeding": self.cleaned_data.get("seeding") or Season.Seeding.GIVEN,
            "deadline_hours": self.cleaned_data.get("deadline_hours"),
            "round_minutes": self.cleaned_data.get("round_minutes"),
            "groups": self.cleaned_data.get("groups"),
            "advance": self.cleaned_data.get("advance"),
            "division": self.cleaned_data.get("division"),
            "options": options_chosen(self.options, self.cleaned_data),
        }
