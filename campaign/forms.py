from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm

from .models import Campaign


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        fields = ("username",)


class CampaignForm(forms.Form):
    name = forms.CharField(max_length=120)
    description = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), required=False)
    ruleset = forms.ChoiceField(label="Rule set")
    visibility = forms.ChoiceField(
        choices=Campaign.Visibility.choices, initial=Campaign.Visibility.PRIVATE
    )

    def __init__(self, *args, ruleset_choices: list[tuple[str, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = ruleset_choices


class JoinForm(forms.Form):
    code = forms.CharField(max_length=32, label="Invite code")


class OptionsForm(forms.Form):
    sell_ratio = forms.FloatField(
        min_value=0,
        max_value=1,
        label="Sell ratio",
        help_text="What the armoury pays back for an item, as a share of its price.",
    )
