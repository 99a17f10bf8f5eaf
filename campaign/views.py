from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from arena.bouts.selectors import orders_needed
from campaign.shared.errors import LudusError
from campaign.shared.pages import form_error, form_status, refused

from .account_views import confirmation_told
from .body_limit import takes_upload
from .campaign_page import campaign_page
from .content import ContentRefused, content_kinds, content_parse, content_upload
from .forms import CampaignForm, ContentForm, JoinForm, LoginForm, OptionsForm, SignupForm
from .selectors import (
    campaign_get_visible,
    campaigns_of,
    campaigns_visible,
)
from .services import (
    campaign_create,
    campaign_find_by_code,
    campaign_invite_reset,
    campaign_join,
    campaign_options_set,
    check_campaign_gm,
    ruleset_choices,
)
from .sign_in import SIGN_IN_BACKEND
from .throttles import SignupThrottle, wait_in_words


class LoginView(auth_views.LoginView):
    """Django's sign-in page with the lockout (campaign/sign_in.py): a refused sign-in is a
    400, a locked-out one a 429, each with the reason on the form."""

    form_class = LoginForm

    def form_invalid(self, form):
        response = super().form_invalid(form)
        response.status_code = 429 if form.locked else 400
        return response


def dashboard(request: HttpRequest) -> HttpResponse:
    mine = campaigns_of(user=request.user).order_by("name")
    public = campaigns_visible(user=request.user).exclude(pk__in=mine.values("pk"))
    context = {"mine": mine, "public": public[:50], "needed": orders_needed(user=request.user)}
    return render(request, "campaign/dashboard.html", context)


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("dashboard")
    form = SignupForm(request.POST or None)
    status = form_status(request)
    if request.method == "POST" and form.is_valid():
        throttle = SignupThrottle()
        if throttle.allow_request(request, None):
            user = form.save()
            login(request, user, backend=SIGN_IN_BACKEND)
            messages.success(request, f"Welcome to Ludus, {user.username}.")
            address = form.cleaned_data["email"]
            if address:
                confirmation_told(request, user=user, address=address)
            return redirect("dashboard")
        wait = wait_in_words(throttle.wait())
        form.add_error(
            None,
            f"Too many accounts have been made from your address lately. Try again in {wait}.",
        )
        status = 429
    return render(request, "registration/signup.html", {"form": form}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def campaign_new(request: HttpRequest) -> HttpResponse:
    form = CampaignForm(request.POST or None, ruleset_choices=ruleset_choices())
    if request.method == "POST" and form.is_valid():
        try:
            campaign = campaign_create(by=request.user, **form.cleaned_data)
        except LudusError as error:
            form_error(form, error)
        else:
            messages.success(request, f"Campaign {campaign.name} created. You are its GM.")
            return redirect("campaign", slug=campaign.slug)
    return render(
        request, "campaign/campaign_new.html", {"form": form}, status=form_status(request)
    )


def campaign_detail(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    context = campaign_page(
        campaign=campaign,
        user=request.user,
        join_url=request.build_absolute_uri(f"/join/{campaign.invite_code}/"),
    )
    context["options_form"] = OptionsForm(initial={"sell_ratio": context["sell_ratio"]})
    return render(request, "campaign/campaign_detail.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, code: str = "") -> HttpResponse:
    """Join by invite code: the link (/join/<code>/) fills the form in, the form POSTs here."""
    if request.method == "POST":
        form = JoinForm(request.POST)
        if form.is_valid():
            try:
                campaign = campaign_find_by_code(code=form.cleaned_data["code"])
                campaign_join(campaign=campaign, user=request.user, code=form.cleaned_data["code"])
            except LudusError as error:
                form_error(form, error)
            else:
                messages.success(request, f"You joined {campaign.name}.")
                return redirect("campaign", slug=campaign.slug)
        return render(request, "campaign/join.html", {"form": form}, status=400)
    campaign = None
    if code:
        try:
            campaign = campaign_find_by_code(code=code)
        except LudusError:
            # An old link (the GM issued a new code) or a mistyped one: say so, not a 500.
            context = {"form": JoinForm(), "dead_link": True}
            return render(request, "campaign/join.html", context, status=404)
    form = JoinForm(initial={"code": code if campaign else ""})
    return render(request, "campaign/join.html", {"form": form, "campaign": campaign})


@login_required
@require_POST
def invite_reset(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    try:
        campaign_invite_reset(campaign=campaign, by=request.user)
        messages.success(request, "A new invite code was issued; the old link no longer works.")
    except LudusError as error:
        messages.error(request, error.message)
    return redirect("campaign", slug=campaign.slug)


@login_required
def audit(request: HttpRequest, slug: str) -> HttpResponse:
    """The GM's trail: who did what, when."""
    campaign = campaign_get_visible(slug=slug, user=request.user)
    check_campaign_gm(campaign=campaign, user=request.user)
    page = Paginator(campaign.audit.select_related("actor"), 50).get_page(request.GET.get("page"))
    return render(request, "campaign/audit.html", {"campaign": campaign, "page": page})


@login_required
@require_POST
def options(request: HttpRequest, slug: str) -> HttpResponse:
    """The GM's house rules (for now: what the armoury pays back)."""
    campaign = campaign_get_visible(slug=slug, user=request.user)
    form = OptionsForm(request.POST)
    if form.is_valid():
        try:
            campaign_options_set(campaign=campaign, by=request.user, **form.cleaned_data)
        except LudusError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, "House rules saved.")
            return redirect("campaign", slug=campaign.slug)
    else:
        messages.error(request, "The sell ratio is a number between 0 and 1.")
    return refused(request, lambda: campaign_detail(request, campaign.slug))


@takes_upload
@login_required
@require_http_methods(["GET", "POST"])
def content_view(request: HttpRequest, slug: str) -> HttpResponse:
    """The GM's own content (champions, maps ...): what the campaign holds, and the upload."""
    campaign = campaign_get_visible(slug=slug, user=request.user)
    check_campaign_gm(campaign=campaign, user=request.user)
    kinds = content_kinds(campaign)
    posted = request.method == "POST"
    form = ContentForm(request.POST if posted else None, request.FILES if posted else None)
    problems: list[str] = []
    if posted and form.is_valid():
        try:
            document = content_parse(form.cleaned_data["json"])
            added = content_upload(campaign=campaign, by=request.user, document=document)
        except ContentRefused as refused:
            problems = refused.problems
            form.add_error(None, "The content was not added; nothing changed.")
        except LudusError as error:
            form_error(form, error)
        else:
            names = ", ".join(item.data.get("name", item.key) for item in added)
            messages.success(request, f"Added to the campaign: {names}.")
            return redirect("campaign-content", slug=campaign.slug)
    context = {
        "campaign": campaign,
        "kinds": kinds,
        "items": campaign.content.order_by("kind", "id"),
        "form": form,
        "problems": problems,
    }
    return render(request, "campaign/content.html", context, status=form_status(request))
