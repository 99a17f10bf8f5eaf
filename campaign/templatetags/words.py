"""A count and its noun, in the right number ("1 turn", "3 turns"), through Django's own
pluralize, so no page says "1 turns" or "1 defeats"."""

from __future__ import annotations

from django import template
from django.template.defaultfilters import pluralize

from arena.gateway import StepWord

register = template.Library()


@register.filter
def counted(number: int, noun: str | StepWord) -> str:
    """`{{ n|counted:"defeat" }}`, `{{ n|counted:"opponent defeated,opponents defeated" }}`,
    `{{ n|counted:bout.step }}`: the number, then the noun in its singular or plural. A bare
    noun makes its plural with an "s"; a StepWord gives its own two forms."""
    if isinstance(noun, StepWord):
        forms = f"{noun.one},{noun.many}"
    elif "," in noun:
        forms = noun
    else:
        forms = f"{noun},{noun}s"
    return f"{number} {pluralize(number, forms)}"
