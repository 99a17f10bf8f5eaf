"""{% press_thread %}: a thread's live section on the campaign page and the bout page."""

from __future__ import annotations

from django import template

from campaign.press.views import thread_context

register = template.Library()


@register.inclusion_tag("press/_thread.html", takes_context=True)
def press_thread(context, bout=None):
    request = context["request"]
    return {
        **thread_context(request, context["campaign"], bout),
        "request": request,
        "user": request.user,
        "csrf_token": context.get("csrf_token"),
    }
