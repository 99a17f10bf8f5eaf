from __future__ import annotations

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.exceptions import ValidationError

from .house_rules import MERCY_CHOICES, PURSE_MAX, RULE_WORDS, VOTE_SECONDS
from .inputs import (
    CODE_MAX,
    DESCRIPTION_MAX,
    TITLE_MAX,
    EmailField,
    IntegerField,
    NameField,
    TextField,
)
from .models import Campaign
from .sign_in import locked_out, lockout_refusal
from .text import TextRefused, name_clean

EMAIL_HELP = (
    "We send a link to it: once you follow it, your notifications and password resets go there. "
    "Until then, and without one, Ludus sends you no e-mail."
)


class SignupForm(UserCreationForm):
    # Not a model field: the address is stored only once confirmed (campaign/accounts.py).
    email = EmailField(label="E-mail address", required=False, help_text=EMAIL_HELP)

    class Meta(UserCreationForm.Meta):
        fields = ("username",)

    def clean_username(self) -> str:
        username = super().clean_username()
        try:
            # Django's own validator allows any letters; a name must still read as one name.
            return name_clean(username, label="The user name", max_length=150)
        except TextRefused as refused:
            raise ValidationError(str(refused), code="invalid") from None


class EmailChangeForm(forms.Form):
    email = EmailField(
        label="New e-mail address",
        required=False,
        help_text="We send a link to it; your mail goes to the old address until you follow it. "
        "Empty: no address, no e-mail at all.",
    )


class LockoutExplained(AuthenticationForm):
    """A sign-in form that says so when the lockout (campaign/sign_in.py) refused it, instead of
    calling a right password wrong."""

    locked = False

    def clean(self):
        try:
            return super().clean()
        except ValidationError:
            if self.request is None or not locked_out(self.request):
                raise
            self.locked = True
            username = self.cleaned_data.get("username") or ""
            raise ValidationError(lockout_refusal(self.request, username), code="locked") from None


class LoginForm(LockoutExplained):
    """The sign-in page's form."""


class AdminLoginForm(LockoutExplained, AdminAuthenticationForm):
    """The admin's sign-in form (campaign/admin.py)."""


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


def _rule_words(key: str) -> dict[str, str]:
    """Every way a house rule's field can refuse a value, in the rule's documented words."""
    codes = ("required", "invalid", "invalid_choice", "min_value", "max_value")
    return dict.fromkeys(codes, RULE_WORDS[key])


class HouseRulesForm(forms.Form):
    """The GM's house rules of the economy and of mercy (campaign/house_rules.py); the service
    checks them again, so the API and this form refuse the same values in the same words."""

    starting_purse = IntegerField(
        min_value=0,
        max_value=PURSE_MAX,
        label="Starting purse (gold)",
        help_text="What every new gladiator starts with, to shop before its first bout.",
        error_messages=_rule_words("starting_purse"),
    )
    appearance_fee = IntegerField(
        min_value=0,
        max_value=PURSE_MAX,
        label="Appearance fee (gold)",
        help_text="Paid to every entrant of a bout that is fought, winner or loser.",
        error_messages=_rule_words("appearance_fee"),
    )
    loser_share = forms.FloatField(
        min_value=0,
        max_value=1,
        label="Loser's share",
        help_text="Each loser gets this fraction of the winner's purse (0.25 is a quarter).",
        error_messages=_rule_words("loser_share"),
    )
    mercy = forms.ChoiceField(
        choices=list(MERCY_CHOICES.items()),
        label="Mercy is decided by",
        help_text="When a gladiator appeals for mercy. A vote pauses the bout until it closes; "
        "if nobody votes (or it is a tie), the rule set's dice decide. Rule sets without an "
        "appeal for mercy are not affected.",
        error_messages=_rule_words("mercy"),
    )
    mercy_vote_seconds = IntegerField(
        min_value=VOTE_SECONDS[0],
        max_value=VOTE_SECONDS[1],
        label="A mercy vote stays open (seconds)",
        error_messages=_rule_words("mercy_vote_seconds"),
    )
    both_teams = forms.BooleanField(
        required=False,
        label="A player may enter gladiators on both teams of one bout",
        help_text="Rule sets with teams (Arena of the Elders). Off: each player fights for one "
        "side of a bout.",
        error_messages=_rule_words("both_teams"),
    )
