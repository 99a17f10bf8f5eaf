from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from arena.catalogue import gladiator_kinds
from campaign.errors import LudusError
from campaign.selectors import campaign_get_visible
from campaign.services import check_campaign_member
from campaign.views import form_error

from .forms import GladiatorForm
from .services import gladiator_create


@login_required
@require_http_methods(["GET", "POST"])
def gladiator_new(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    check_campaign_member(campaign=campaign, user=request.user)
    form = GladiatorForm(request.POST or None, kinds=gladiator_kinds(campaign.ruleset))
    if request.method == "POST" and form.is_valid():
        try:
            gladiator = gladiator_create(campaign=campaign, by=request.user, **form.cleaned_data)
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(request, f"{gladiator.name} joins your stable.")
            return redirect("campaign", slug=campaign.slug)
    return render(request, "characters/gladiator_new.html", {"form": form, "campaign": campaign})
