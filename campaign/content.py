"""A GM's own content (champions, maps ...): uploaded as one JSON document, checked by the
campaign's rule set, stored per campaign, seen by the rule set in that campaign's bouts.

The document is {"<kind>": [item, ...], ...} with the kinds the rule set's campaign adapter
declares (ContentKind); each item is an object with a "key" unique within its kind. Nothing
is stored unless every item passes: the refusal lists every problem, each naming its field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import IntegrityError, transaction

from arena.gateway import ContentKind, EngineInputError, ruleset
from campaign.shared.api_parsers import JSONRefused, json_read
from campaign.shared.errors import LudusError
from campaign.shared.text import TextRefused, text_clean

from .models import Campaign, CampaignContent
from .services import audit_record, check_campaign_gm

MAX_DOCUMENT = 256 * 1024  # characters: room for dozens of champions and maps
MAX_PROBLEMS = 20  # the refusal lists this many, then says how many more
MAX_TEXT = 2_000  # characters in one text of an item (a name, a description, a map row)


class ContentRefused(LudusError):
    """An upload refused, with every problem found (each naming its field)."""

    def __init__(self, problems: list[str]) -> None:
        shown = problems[:MAX_PROBLEMS]
        more = len(problems) - len(shown)
        text = "; ".join(shown) + (f"; and {more} more" if more else "")
        super().__init__(f"The content was not added: {text}.", field="document")
        self.problems = problems


def _rules(slug: str) -> Any:
    try:
        return ruleset(slug).campaign
    except EngineInputError:
        return None


def content_kinds(campaign: Campaign) -> tuple[ContentKind, ...]:
    """The kinds of content the campaign's rule set lets its GM add (none for most)."""
    return tuple(_rules(campaign.ruleset).content_kinds)


def content_documents(campaign: Campaign) -> dict[str, list[Any]]:
    """kind -> the campaign's items of that kind, in the order they were added."""
    out: dict[str, list[Any]] = {}
    for item in CampaignContent.objects.filter(campaign=campaign).order_by("id"):
        out.setdefault(item.kind, []).append(item.data)
    return out


def content_parse(text: str) -> Any:
    """An uploaded document's JSON, or a refusal saying why it is not read (where it stops
    being JSON, too deep, NaN ...): bounded as the API's JSON is
    (campaign/shared/api_parsers.py)."""
    if len(text) > MAX_DOCUMENT:
        raise LudusError(f"The document is over {MAX_DOCUMENT // 1024} KB.", field="document")
    try:
        return json_read(text)
    except JSONRefused as refused:
        raise LudusError(
            f"The document is not JSON Ludus reads: {refused}", field="document"
        ) from None


def content_texts_clean(document: Any, where: str = "") -> tuple[Any, list[str]]:
    """The document with every text in it cleaned as all text is (campaign/shared/text.py: no
    invisible-only names, no right-to-left overrides ...), and the problems of those that
    cannot be, each naming its place ("champions[0].name")."""
    if isinstance(document, str):
        try:
            label = where or "the document"
            return text_clean(document, label=label, max_length=MAX_TEXT,
                              required=document != ""), []  # fmt: skip
        except TextRefused as refused:
            return document, [str(refused).rstrip(".")]
    problems: list[str] = []
    if isinstance(document, list):
        out = []
        for n, item in enumerate(document):
            cleaned, found = content_texts_clean(item, f"{where}[{n}]")
            out.append(cleaned)
            problems += found
        return out, problems
    if isinstance(document, Mapping):
        out_map = {}
        for key, item in document.items():
            cleaned, found = content_texts_clean(item, f"{where}.{key}" if where else str(key))
            out_map[key] = cleaned
            problems += found
        return out_map, problems
    return document, []


def content_problems(campaign: Campaign, document: Any) -> list[str]:
    """Every problem of an upload: its shape, each item as the rule set checks it, keys taken
    (in the document or already in the campaign), and the content as a whole."""
    rules = _rules(campaign.ruleset)
    kinds = {k.key for k in rules.content_kinds}
    if not kinds:
        return [f"the rule set {campaign.ruleset} takes no GM content"]
    if not isinstance(document, Mapping) or not document:
        return [f"the document is an object of lists: {', '.join(sorted(kinds))}"]
    taken = set(
        CampaignContent.objects.filter(campaign=campaign).values_list("kind", "key")
    )  # fmt: skip
    problems: list[str] = []
    for kind, items in document.items():
        if kind not in kinds:
            problems.append(f"{kind}: not a kind of content (the kinds are: "
                            f"{', '.join(sorted(kinds))})")  # fmt: skip
            continue
        if not isinstance(items, list):
            problems.append(f"{kind}: a list of items")
            continue
        for n, item in enumerate(items):
            where = f"{kind}[{n}]"
            problems += rules.content_problems(kind, item, where)
            key = item.get("key") if isinstance(item, Mapping) else None
            if not isinstance(key, str):  # any other key is the rule set's problem to name
                continue
            if (kind, key) in taken:
                problems.append(f"{where}.key: {key!r} is already in this campaign")
            taken.add((kind, key))
    if not problems:
        # The items pass one by one; the campaign's content with them must make sense too.
        combined = content_documents(campaign)
        for kind, items in document.items():
            combined.setdefault(kind, []).extend(items)
        try:
            rules.with_content(combined)
        except EngineInputError as error:
            problems.append(str(error))
    return problems


@transaction.atomic
def content_upload(
    *, campaign: Campaign, by: AbstractBaseUser, document: Any
) -> list[CampaignContent]:
    """The GM adds the document's items to the campaign; all of them or (refused) none."""
    check_campaign_gm(campaign=campaign, user=by)
    document, problems = content_texts_clean(document)
    problems = problems or content_problems(campaign, document)
    if problems:
        raise ContentRefused(problems)
    added = []
    try:
        with transaction.atomic():
            for kind, items in document.items():
                for item in items:
                    added.append(
                        CampaignContent.objects.create(
                            campaign=campaign, kind=kind, key=item["key"], data=item, added_by=by
                        )
                    )
    except IntegrityError:  # another upload took a key between the check and here
        raise ContentRefused(["a key was added by another upload meanwhile: try again"]) from None
    campaign.__dict__.pop("_rules_of", None)  # the adapter catalogue.rules_of kept is stale
    audit_record(
        campaign=campaign,
        actor=by,
        action="campaign.content",
        added=", ".join(f"{c.kind}:{c.key}" for c in added),
    )
    return added
