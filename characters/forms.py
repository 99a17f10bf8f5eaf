from __future__ import annotations

from collections.abc import Sequence

from django import forms

from arena.gateway import Advance
from campaign.shared.inputs import NAME_MAX, REASON_MAX, IntegerField, NameField, TextField

from .ledger import MAX_ADJUSTMENT
from .models import Gladiator, LedgerLine


class GladiatorForm(forms.Form):
    name = NameField(max_length=NAME_MAX, label="Name")
    kind = forms.ChoiceField(label="Type")

    def __init__(self, *args, kinds: list[tuple[str, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = kinds


class AdvanceForm(forms.Form):
    """The improvements the rule set offers now, each with its price."""

    advance = forms.ChoiceField(label="Improve")

    def __init__(self, *args, advances: Sequence[Advance], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["advance"].choices = [(a.key, a.label) for a in advances]


class TacticsForm(forms.Form):
    """One choice per tactic the rule set knows; built from the engine's settings."""

    def __init__(self, *args, settings: dict[str, tuple[tuple[str, ...], str]], **kwargs):
        super().__init__(*args, **kwargs)
        for name, (values, default) in settings.items():
            self.fields[name] = forms.ChoiceField(
                label=name.replace("_", " ").capitalize(),
                choices=[(v, v.replace("_", " ")) for v in values],
                initial=default,
                required=False,  # a setting left out keeps the rule set's default
            )

    def chosen(self) -> dict[str, str]:
        return {name: value for name, value in self.cleaned_data.items() if value}


class AdjustForm(forms.Form):
    currency = forms.ChoiceField(choices=LedgerLine.Currency.choices)
    amount = IntegerField(
        help_text="Negative to take away.", min_value=-MAX_ADJUSTMENT, max_value=MAX_ADJUSTMENT
    )
    reason = TextField(max_length=REASON_MAX, label="The reason")


class GladiatorChoice(forms.ModelMultipleChoiceField):
    """Gladiators to pick from (a bout's, a knockout's, a season's or a draft's entrants),
    each named with its kind and owner."""

    def label_from_instance(self, obj: Gladiator) -> str:
        return f"{obj.name} ({obj.kind}, {obj.owner.username})"
