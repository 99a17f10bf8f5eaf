from __future__ import annotations

from django import forms
from django.db.models import QuerySet

from characters.models import Gladiator


class GladiatorChoice(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj: Gladiator) -> str:
        return f"{obj.name} ({obj.kind}, {obj.owner.username})"


class BoutScheduleForm(forms.Form):
    title = forms.CharField(max_length=120, required=False)
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
