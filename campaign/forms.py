from __future__ import annotations

from django import forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.exceptions import ValidationError

from .inputs import CODE_MAX, DESCRIPTION_MAX, TITLE_MAX, NameField, TextField
from .login_guard import (
    client_ip,
    lockout_message,
    login_failed,
    login_lockout_left,
    login_succeeded,
)
from .models import Campaign
from .text import TextRefused, name_clean


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        fields = ("username",)

    def clean_username(self) -> str:
        username = super().clean_username()
        try:
            # Django's own validator allows any letters; a name must still read as one name.
            return name_clean(username, label="The user name", max_length=150)
        except TextRefused as refused:
            raise ValidationError(str(refused), code="invalid") from None


class LoginForm(AuthenticationForm):
    """Django's sign-in form, with the lockout of campaign/login_guard.py in front of it."""

    locked = False

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        ip = client_ip(self.request) if self.request is not None else ""
        left = login_lockout_left(username=username, ip=ip)
        if left:
            self.locked = True
            raise ValidationError(lockout_message(left), code="locked")
        try:
            cleaned = super().clean()
        except ValidationError as error:
            if error.code == "invalid_login":
                login_failed(username=username, ip=ip)
            raise
        login_succeeded(username=username, ip=ip)
        return cleaned


class CampaignForm(forms.Form):
    name = NameField(max_length=TITLE_MAX, label="Name")
    description = TextField(
        max_length=DESCRIPTION_MAX,
        multiline=True,
        required=False,
        label="Description",
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    ruleset = forms.ChoiceField(label="Rule set")
    visibility = forms.ChoiceField(
        choices=Campaign.Visibility.choices, initial=Campaign.Visibility.PRIVATE
    )

    def __init__(self, *args, ruleset_choices: list[tuple[str, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = ruleset_choices


class JoinForm(forms.Form):
    code = TextField(max_length=CODE_MAX, label="Invite code")


class OptionsForm(forms.Form):
    sell_ratio = forms.FloatField(
        min_value=0,
        max_value=1,
        label="Sell ratio",
        help_text="What the armoury pays back for an item, as a share of its price.",
    )


class CampaignEditForm(forms.Form):
    """The GM's settings page: what the campaign is called and what it is about."""

    name = NameField(max_length=TITLE_MAX, label="Name")
    description = TextField(
        max_length=DESCRIPTION_MAX,
        multiline=True,
        required=False,
        label="Description",
        widget=forms.Textarea(attrs={"rows": 4}),
    )


class MemberForm(forms.Form):
    """A user named by the GM: to invite, remove or hand the campaign to."""

    username = TextField(max_length=150, label="User name")


class ContentForm(forms.Form):
    """A GM's content upload: a JSON file, or the same JSON pasted."""

    document = forms.FileField(
        required=False,
        label="A JSON file",
        help_text="The format and an example: the rule set's page in the documentation.",
    )
    text = forms.CharField(
        required=False,
        label="or the JSON itself",
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false"}),
    )

    def clean(self):
        data = super().clean()
        upload = data.get("document")
        if upload is not None:
            try:
                data["json"] = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                raise ValidationError("The file is not UTF-8 text.", code="invalid") from None
        elif (data.get("text") or "").strip():
            data["json"] = data["text"]
        else:
            raise ValidationError("Choose a JSON file or paste the JSON.", code="required")
        return data
