"""The balance lab's form: the builds of the chosen rule set, bouts per pairing, a seed."""

from __future__ import annotations

from typing import Any

from django import forms

from arena.gateway import LabBuild
from arena.lab.services import SEED_MAX
from arena.models import LabRun
from campaign.shared.inputs import IntegerField


class LabRunForm(forms.Form):
    ruleset = forms.CharField(widget=forms.HiddenInput)
    builds = forms.MultipleChoiceField(
        label="Builds to compare", widget=forms.CheckboxSelectMultiple
    )
    bouts = IntegerField(
        label="Bouts per pairing",
        min_value=1,
        max_value=LabRun.MAX_BOUTS_PER_PAIRING,
        initial=100,
        help_text=f"1 to {LabRun.MAX_BOUTS_PER_PAIRING:,}; every build meets every build, "
        f"itself included, and a run fights at most {LabRun.MAX_BOUTS:,} bouts.",
    )
    seed = IntegerField(
        label="Seed",
        min_value=0,
        max_value=SEED_MAX,
        required=False,
        help_text="Blank for a random one. The same seed fights the same bouts again.",
    )
    random_starts = forms.BooleanField(
        label="Random starting squares", required=False, initial=True
    )

    def __init__(self, *args: Any, builds: list[LabBuild], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["builds"].choices = [(b.key, b.label) for b in builds]

    def service_arguments(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "ruleset_slug": data["ruleset"],
            "builds": data["builds"],
            "bouts": data["bouts"],
            "seed": data["seed"],
            "random_starts": data["random_starts"],
        }
