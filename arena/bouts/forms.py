from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.db.models import QuerySet
from django.utils import timezone

from arena.bouts.services import check_schedule_time
from arena.gateway import OptionField
from campaign.shared.errors import LudusError
from campaign.shared.inputs import TITLE_MAX, IntegerField, TextField
from characters.forms import GladiatorChoice
from characters.models import Gladiator

BOARD_PARTS = (("files", "files"), ("ranks", "ranks"))


def option_fields(schema: Sequence[OptionField]) -> dict[str, forms.Field]:
    """Form fields for the bout options a rule set describes (a board is two numbers)."""
    fields: dict[str, forms.Field] = {}
    for option in schema:
        name = f"option_{option.key}"
        if option.kind == "board":
            for index, (part, words) in enumerate(BOARD_PARTS):
                fields[f"{name}_{part}"] = IntegerField(
                    label=f"{option.label}: {words}",
                    min_value=option.minimum,
                    max_value=option.maximum,
                    initial=option.default[index],
                    help_text=option.help if index == 0 else "",
                    required=False,  # left out: the rule set's default
                )
        elif option.kind == "int":
            fields[name] = IntegerField(
                label=option.label, min_value=option.minimum, max_value=option.maximum,
                initial=option.default, help_text=option.help, required=False,
            )  # fmt: skip
        elif option.kind == "bool":
            fields[name] = forms.BooleanField(
                label=option.label, required=False, initial=option.default, help_text=option.help
            )
        elif option.kind == "choice":
            fields[name] = forms.ChoiceField(
                label=option.label, initial=option.default, help_text=option.help,
                choices=[(c, c.replace("_", " ")) for c in option.choices], required=False,
            )  # fmt: skip
        elif option.kind == "squares":
            # Typed as on the forum, "D4 E5"; the rule set checks each square (clean_options).
            fields[name] = TextField(
                label=option.label, initial=" ".join(option.default), help_text=option.help,
                max_length=400, required=False,
            )  # fmt: skip
        else:
            raise ValueError(f"unknown option kind {option.kind!r} of {option.key!r}")
    return fields


def options_chosen(schema: Sequence[OptionField], cleaned: dict[str, Any]) -> dict[str, Any]:
    """The bout options (the rule set's own shape) from a form built by option_fields; an
    option left empty is left out, so the rule set's default holds."""
    chosen: dict[str, Any] = {}
    for option in schema:
        name = f"option_{option.key}"
        if option.kind == "board":
            sizes = [cleaned.get(f"{name}_{part}") for part, _ in BOARD_PARTS]
            if None not in sizes:
                chosen[option.key] = sizes
        elif option.kind == "squares":
            squares = (cleaned.get(name) or "").replace(",", " ").upper().split()
            if squares:
                chosen[option.key] = squares
        elif cleaned.get(name) not in (None, ""):
            chosen[option.key] = cleaned[name]
    return chosen


class BoutScheduleForm(forms.Form):
    title = TextField(max_length=TITLE_MAX, required=False, label="The title")
    scheduled_at = forms.DateTimeField(
        label="Fight at (UTC)",
        required=False,  # "Fight now" needs none; otherwise clean() asks for it
        help_text='From now to a year ahead; or press "Fight now".',
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    gladiators = GladiatorChoice(
        queryset=Gladiator.objects.none(), widget=forms.CheckboxSelectMultiple
    )

    def __init__(
        self, *args, gladiators: QuerySet[Gladiator], options: Sequence[OptionField], **kwargs
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["gladiators"].queryset = gladiators
        self.fields.update(option_fields(options))
        self.options = options

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.fight_now:
            cleaned["scheduled_at"] = timezone.now()
        elif "scheduled_at" in self.errors:
            pass  # not a time at all: the field said so
        elif cleaned.get("scheduled_at") is None:
            self.add_error("scheduled_at", 'Give the bout a time, or press "Fight now".')
        else:
            try:
                check_schedule_time(cleaned["scheduled_at"])
            except LudusError as error:
                self.add_error("scheduled_at", error.message)
        return cleaned

    @property
    def fight_now(self) -> bool:
        return self.is_bound and "fight_now" in self.data

    def service_arguments(self) -> dict[str, Any]:
        """What bout_schedule takes: the plain fields, and the options as the rule set reads
        them."""
        plain = {k: self.cleaned_data[k] for k in ("title", "scheduled_at", "gladiators")}
        return {**plain, "options": options_chosen(self.options, self.cleaned_data)}
