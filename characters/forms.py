from __future__ import annotations

from django import forms


class GladiatorForm(forms.Form):
    name = forms.CharField(max_length=60)
    kind = forms.ChoiceField(label="Type")

    def __init__(self, *args, kinds: list[tuple[str, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = kinds
