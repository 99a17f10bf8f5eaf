from __future__ import annotations

from django import forms
from django.db.models import QuerySet

from campaign.inputs import TITLE_MAX, TextField
from characters.models import Gladiator


class GladiatorChoice(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj: Gladiator) -> str:
        return f"{obj.name} ({obj.kind}, {obj.owner.username})"


class BoutScheduleForm(forms.Form):
    title = TextField(max_length=TITLE_MAX, required=False, label="The title")
    scheduled_at = forms.DateTimeField(
        label="Fight at (UTC)",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    gladiators = GladiatorChoice(
        queryset=Gladiator.objects.none(), widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, gladiators: QuerySet[Gladiator], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["gladiators"].queryset = gladiators


OUTCOMES = [
    ("", "any"),
    ("scheduled", "still to come"),
    ("resolved", "fought"),
    ("killed", "someone died"),
    ("mercy", "mercy was granted"),
    ("cancelled", "cancelled"),
    ("failed", "failed"),
]


class BoutFilterForm(forms.Form):
    gladiator = forms.ModelChoiceField(
        queryset=Gladiator.objects.none(), required=False, empty_label="any"
    )
    player = forms.ChoiceField(required=False)
    ruleset = forms.ChoiceField(required=False, label="Rule set")
    outcome = forms.ChoiceField(choices=OUTCOMES, required=False)
    since = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    until = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args, campaign, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["gladiator"].queryset = campaign.gladiators.order_by("name")
        players = campaign.memberships.select_related("user").order_by("user__username")
        self.fields["player"].choices = [("", "any")] + [
            (m.user.username, m.user.username) for m in players
        ]
        rulesets = campaign.bouts.order_by().values_list("ruleset", flat=True).distinct()
        self.fields["ruleset"].choices = [("", "any")] + [(r, r) for r in rulesets]
