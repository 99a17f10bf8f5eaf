"""The house rules page: everyone who can see the campaign reads its economy and mercy rules;
its GM changes them (campaign/house_rules.py)."""

from __future__ import annotations

from dataclasses import asdict

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from campaign.shared.errors import LudusError
from characters.catalogue import adapter
from characters.ledger import MAX_BALANCE

from .forms import HouseRulesForm
from .house_rules import MERCY_CHOICES, house_rules_of
from .selectors import campaign_get_visible, campaign_is_gm
from .services import campaign_house_rules_set
from .views import form_error, form_status


@require_http_methods(["GET", "POST"])
def house_rules(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    is_gm = campaign_is_gm(campaign=campaign, user=request.user)
    rules = house_rules_of(campaign.options)
    form = HouseRulesForm(request.POST or None, initial=asdict(rules))
    # The service checks the GM (a player's post gets the 403 page) and the values again.
    if request.method == "POST" and form.is_valid():
        try:
            campaign_house_rules_set(campaign=campaign, by=request.user, rules=form.cleaned_data)
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(request, "House rules saved; the next bout plays by them.")
            return redirect("house-rules", slug=campaign.slug)
    context = {
        "campaign": campaign,
        "is_gm": is_gm,
        "rules": rules,
        "mercy_label": MERCY_CHOICES[rules.mercy],
        "has_appeal": adapter(campaign.ruleset).mercy_appeal,
        "max_balance": MAX_BALANCE,
        "form": form,
    }
    return render(request, "campaign/house_rules.html", context, status=form_status(request))
