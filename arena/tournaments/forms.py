from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.db.models import QuerySet

from arena.bouts.forms import option_fields, options_chosen
from arena.gateway import OptionField
from arena.models import Tournament
from arena.tournaments.services import ROUND_MINUTES_MAX
from campaign.shared.inputs import TITLE_MAX, IntegerField, TextField
from characters.forms import GladiatorChoice
from characters.models import Gladiator


class TournamentForm(forms.Form):
    title = TextField(max_length=TITLE_MAX, required=False, label="The title")
    starts_at = forms.DateTimeField(
        label="Round one at (UTC)",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    round_minutes = IntegerField(
        label="Minutes between rounds",
        min_value=0,
        max_value=ROUND_MINUTES_MAX,
        initial=0,
        required=False,
        help_text="0: each bout as soon as both its gladiators are known.",
    )
    seeding = forms.ChoiceField(choices=Tournament.Seeding.choices, initial="random")
    gladiators = GladiatorChoice(
        queryset=Gladiator.objects.none(),
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(
        self,
        *args,
        gladiators: QuerySet[Gladiator],
        options: Sequence[OptionField],
        entrants: tuple[int, int],
        **kwargs,
    ) -> None:
        super().__init__(*args, **kwargs)
        fewest, most = entrants
        self.fields["gladiators"].queryset = gladiators
        self.fields[
            "gladiators"
        ].help_text = (
            f"{fewest} to {most}. When the count is not a power of two, the top seeds get byes."
        )
        self.fields.update(option_fields(options))
        self.options = options

    def service_arguments(self) -> dict[str, Any]:
        """What tournament_create takes."""
        plain = {k: self.cleaned_data[k] for k in ("title", "starts_at", "seeding", "gladiators")}
        return {
            **plain,
            "round_minutes": self.cleaned_data.get("round_minutes") or 0,
            "options": options_chosen(self.options, self.cleaned_data),
        }
