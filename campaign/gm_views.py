"""The GM's pages for running the campaign: its settings (name, description; house rules have
their own place), its members (invite by name, remove, hand over) and archiving. Every
irreversible step asks first (campaign/confirm.py)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from arena.archive import campaign_archive, campaign_unarchive
from characters.members import campaign_hand_over, member_invite, member_remove

from . import health
from .confirm import confirm_page
from .errors import LudusError
from .forms import CampaignEditForm, MemberForm
from .selectors import campaign_get_visible, campaign_members
from .services import campaign_update, check_campaign_gm
from .views import form_error, form_status


def _gm_campaign(request: HttpRequest, slug: str):
    campaign = campaign_get_visible(slug=slug, user=request.user)
    check_campaign_gm(campaign=campaign, user=request.user)
    return campaign


def _settings_page(request, campaign, *, edit_form=None, member_form=None, status=200):
    members = campaign_members(campaign=campaign)
    context = {
        "campaign": campaign,
        "edit_form": edit_form
        or CampaignEditForm(initial={"name": campaign.name, "description": campaign.description}),
        "member_form": member_form or MemberForm(),
        "members": members,
        "others": [m for m in members if m.user_id != request.user.pk],
        # The server's parts, as /healthz reports them (campaign/health.py).
        "server_health": health.in_words(health.report()),
    }
    return render(request, "campaign/settings.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def campaign_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the settings page. POST: save the name and description."""
    campaign = _gm_campaign(request, slug)
    if request.method == "GET":
        return _settings_page(request, campaign)
    form = CampaignEditForm(request.POST)
    if form.is_valid():
        try:
            campaign_update(campaign=campaign, by=request.user, **form.cleaned_data)
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(request, "The campaign's name and description are saved.")
            return redirect("campaign-settings", slug=campaign.slug)
    return _settings_page(request, campaign, edit_form=form, status=form_status(request))


@login_required
@require_POST
def member_invite_view(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = _gm_campaign(request, slug)
    form = MemberForm(request.POST)
    if form.is_valid():
        try:
            membership = member_invite(
                campaign=campaign, by=request.user, username=form.cleaned_data["username"]
            )
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(
                request, f"{membership.user.username} is a player of {campaign.name} now."
            )
            return redirect(reverse("campaign-settings", args=[campaign.slug]) + "#members")
    return _settings_page(request, campaign, member_form=form, status=400)


def _member_action(request, slug, *, question, yes, act, done):
    """A GET asks (confirm_page), a POST acts; a refusal shows the settings page with why."""
    campaign = _gm_campaign(request, slug)
    back = reverse("campaign-settings", args=[campaign.slug]) + "#members"
    username = (request.POST if request.method == "POST" else request.GET).get("username", "")
    if request.method == "GET":
        return confirm_page(
            request, question=question.format(username), yes=yes, back=back, campaign=campaign
        )
    try:
        outcome = act(campaign=campaign, by=request.user, username=username)
    except LudusError as error:
        messages.error(request, error.message)
        return _settings_page(request, campaign, status=400)
    messages.success(request, done(username, outcome))
    if act is campaign_hand_over:  # no longer the GM: the settings page is not theirs now
        return redirect("campaign", slug=campaign.slug)
    return redirect(back)


@login_required
@require_http_methods(["GET", "POST"])
def member_remove_view(request: HttpRequest, slug: str) -> HttpResponse:
    return _member_action(
        request,
        slug,
        question="Remove {} from the campaign? Their gladiators stay, with their gold, and "
        "pass to you.",
        yes="Yes, remove",
        act=member_remove,
        done=lambda name, moved: f"{name} was removed; {moved} gladiator(s) passed to you.",
    )


@login_required
@require_http_methods(["GET", "POST"])
def hand_over_view(request: HttpRequest, slug: str) -> HttpResponse:
    return _member_action(
        request,
        slug,
        question="Make {} the game master? You become a player and cannot take it back.",
        yes="Yes, hand it over",
        act=campaign_hand_over,
        done=lambda name, _: f"{name} is the game master now.",
    )


@login_required
@require_http_methods(["GET", "POST"])
def archive_view(request: HttpRequest, slug: str) -> HttpResponse:
    """Archive the campaign (or, archived, bring it back)."""
    campaign = _gm_campaign(request, slug)
    back = reverse("campaign-settings", args=[campaign.slug])
    if request.method == "GET":
        if campaign.is_archived:
            question = f"Bring {campaign.name} back into play?"
            yes = "Yes, bring it back"
        else:
            question = (
                f"Archive {campaign.name}? It becomes read-only, and bouts not yet decided "
                "are called off."
            )
            yes = "Yes, archive"
        return confirm_page(request, question=question, yes=yes, back=back, campaign=campaign)
    try:
        if campaign.is_archived:
            campaign_unarchive(campaign=campaign, by=request.user)
            messages.success(request, f"{campaign.name} is in play again.")
        else:
            campaign_archive(campaign=campaign, by=request.user)
            messages.success(request, f"{campaign.name} is archived.")
    except LudusError as error:
        messages.error(request, error.message)
        return _settings_page(request, campaign, status=400)
    return redirect("campaign", slug=campaign.slug)
