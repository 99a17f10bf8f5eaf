from __future__ import annotations

from django import forms

from campaign.inputs import URL_MAX, TextField

from .models import Event, Webhook


class NotificationSettingsForm(forms.Form):
    email_kinds = forms.MultipleChoiceField(
        label="Send me an e-mail at once when",
        choices=Event.Kind.choices,
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    digest_kinds = forms.MultipleChoiceField(
        label="Put in my daily digest (one e-mail a day, after midnight UTC)",
        choices=Event.Kind.choices,
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text="A kind in neither list is in your inbox only.",
    )


class WebhookForm(forms.Form):
    url = TextField(max_length=URL_MAX, label="Address (URL)")
    format = forms.ChoiceField(choices=Webhook.Format.choices, initial=Webhook.Format.JSON)
