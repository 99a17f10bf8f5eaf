"""Press pages: a thread's section (the campaign's, on its own page and the campaign page; a
bout's, on the bout page), polled by htmx like the other live sections, the private messages
page, and the GM's hide and "press only after the turn" buttons."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from arena.bouts.selectors import bout_get_visible
from arena.models import Bout
from campaign.selectors import campaign_get_visible, campaign_members, campaign_role
from campaign.shared.errors import LudusError
from campaign.shared.pages import form_error

from .models import TEXT_LIMIT
from .selectors import bout_press_after_turn, messages_of, post_get_visible, thread_recent
from .services import bout_press_after_turn_set, message_send, post_create, post_hide


class PostForm(forms.Form):
    text = forms.CharField(
        label="Your message", max_length=TEXT_LIMIT, widget=forms.Textarea(attrs={"rows": 3})
    )
    announcement = forms.BooleanField(
        required=False, label="An announcement (shown first, to everyone)"
    )


class MessageForm(forms.Form):
    to = forms.ChoiceField(label="To")
    text = forms.CharField(
        label="Your message", max_length=TEXT_LIMIT, widget=forms.Textarea(attrs={"rows": 3})
    )


def post_form(role: str | None, bout: Bout | None, data=None) -> PostForm:
    """The post form; only the GM, in the campaign's thread, may make an announcement."""
    form = PostForm(data, prefix="press")
    if role != "gm" or bout is not None:
        del form.fields["announcement"]
    return form


def thread_context(request: HttpRequest, campaign, bout: Bout | None, form=None) -> dict[str, Any]:
    """What a thread's section shows: its posts as the user may read them, and the form to a
    member."""
    user = request.user
    role = campaign_role(campaign=campaign, user=user)
    return {
        "campaign": campaign,
        "bout": bout,
        "posts": thread_recent(campaign=campaign, user=user, bout=bout),
        "press_form": (form or post_form(role, bout)) if role else None,
        "press_is_gm": role == "gm",
        "after_turn": bout is not None and bout_press_after_turn(bout=bout),
        "press_url": (
            f"/c/{campaign.slug}/bouts/{bout.pk}/press/" if bout else f"/c/{campaign.slug}/press/"
        ),
    }


def _thread(request: HttpRequest, campaign, bout: Bout | None, page: str) -> HttpResponse:
    """GET: the thread (its section for htmx, else its page); POST: a post in it. A refusal
    (not a member, not the GM) is the middleware's 403; bad text is the form's error, 400."""
    form = None
    status = 200
    if request.method == "POST":
        role = campaign_role(campaign=campaign, user=request.user)
        form = post_form(role, bout, request.POST)
        if form.is_valid():
            try:
                post_create(
                    campaign=campaign,
                    by=request.user,
                    bout=bout,
                    text=form.cleaned_data["text"],
                    announcement=form.cleaned_data.get("announcement", False),
                )
            except LudusError as error:
                form_error(form, error)
            else:
                form = None
                if not request.htmx:
                    return redirect(
                        request.path
                        if bout is None
                        else f"/c/{campaign.slug}/bouts/{bout.pk}/#press"
                    )
        if form is not None:
            status = 400
    context = thread_context(request, campaign, bout, form)
    if request.htmx or bout is not None:
        return render(request, "press/_thread.html", context, status=status)
    return render(request, page, context, status=status)


@require_http_methods(["GET", "POST"])
def campaign_press(request: HttpRequest, slug: str) -> HttpResponse:
    if request.method == "POST" and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    campaign = campaign_get_visible(slug=slug, user=request.user)
    return _thread(request, campaign, None, "press/campaign_press.html")


@require_http_methods(["GET", "POST"])
def bout_press(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    if request.method == "POST" and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    if request.method == "GET" and not request.htmx:
        return redirect(f"/c/{slug}/bouts/{pk}/#press")
    return _thread(request, bout.campaign, bout, "")


@login_required
@require_http_methods(["GET", "POST"])
def press_messages(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_get_visible(slug=slug, user=request.user)
    members = [
        m.user.get_username() for m in campaign_members(campaign=campaign) if m.user != request.user
    ]
    form = MessageForm(request.POST or None)
    form.fields["to"].choices = [(name, name) for name in members]
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                message_send(
                    campaign=campaign,
                    by=request.user,
                    to=form.cleaned_data["to"],
                    text=form.cleaned_data["text"],
                )
            except LudusError as error:
                form_error(form, error)
            else:
                messages.success(request, f"Sent to {form.cleaned_data['to']}.")
                return redirect("press-messages", slug=slug)
        status = 400
    context = {
        "campaign": campaign,
        "form": form,
        "is_member": campaign_role(campaign=campaign, user=request.user) is not None,
        "private": messages_of(campaign=campaign, user=request.user),
    }
    return render(request, "press/messages.html", context, status=status)


@login_required
@require_POST
def press_hide(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    post = post_get_visible(slug=slug, pk=pk, user=request.user)
    post_hide(post=post, by=request.user)
    if request.htmx:
        return render(
            request, "press/_thread.html", thread_context(request, post.campaign, post.bout)
        )
    return redirect(
        f"/c/{slug}/bouts/{post.bout_id}/#press" if post.bout_id else f"/c/{slug}/press/"
    )


@login_required
@require_POST
def bout_press_option(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
    on = request.POST.get("after_turn") == "on"
    bout_press_after_turn_set(bout=bout, by=request.user, on=on)
    messages.success(
        request,
        "Press by the entrants' owners now waits for each turn to resolve."
        if on
        else "Press is published at once.",
    )
    return redirect(f"/c/{slug}/bouts/{pk}/#press")
