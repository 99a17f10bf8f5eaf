"""Taking an item of GM content (campaign/content.py) out of a campaign. Only what nothing
needs may go: a champion a gladiator of the campaign is (alive, retired or dead: its sheet and
history still show it), or an arena a bout not fought yet is set in, stays; a bout already
fought keeps the content it used in its own engine input, so its replay never needs it.

It lives in arena/ because the check reads gladiators and bouts, which the campaign app does
not import (docs/architecture.md)."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from arena.gateway import EngineInputError
from arena.models import Bout
from campaign.content import content_documents
from campaign.models import Campaign, CampaignContent
from campaign.services import audit_record, check_campaign_gm
from campaign.shared.errors import LudusError
from characters.catalogue import adapter
from characters.models import Gladiator

NOT_FOUGHT = (Bout.Status.OPEN, Bout.Status.SCHEDULED)


def content_removal_problems(campaign: Campaign, item: CampaignContent) -> list[str]:
    """Why the item cannot leave the campaign, in words ([] = it can)."""
    documents = content_documents(campaign)
    documents[item.kind] = [d for d in documents.get(item.kind, []) if d.get("key") != item.key]
    try:
        rules = adapter(campaign.ruleset).with_content(documents)
    except EngineInputError as error:  # what is left needs it (the rule set says why)
        return [str(error)]
    kinds = {t.slug for t in rules.types()}
    problems = [
        f"the gladiator {name} is one" for name in Gladiator.objects.filter(campaign=campaign)
        .exclude(kind__in=kinds).order_by("name").values_list("name", flat=True)
    ]  # fmt: skip
    for bout in Bout.objects.filter(campaign=campaign, status__in=NOT_FOUGHT).order_by("pk"):
        name = bout.title or f"#{bout.pk}"
        try:
            rules.clean_options(bout.options, by_tactics=bout.mode == Bout.Mode.TACTICS)
        except EngineInputError:
            problems.append(f"the bout {name} is set in it")
        if any(key == item.key for _team, key in bout.picks or ()):
            problems.append(f"a team of the bout {name} picked it")
    return problems


@transaction.atomic
def content_delete(*, campaign: Campaign, by: AbstractBaseUser, item_id: int) -> None:
    """The GM takes one item out of the campaign; refused in words while something needs it."""
    check_campaign_gm(campaign=campaign, user=by)
    item = CampaignContent.objects.select_for_update().filter(campaign=campaign, pk=item_id).first()
    if item is None:
        raise LudusError("No such item of content in this campaign.", field="id")
    problems = content_removal_problems(campaign, item)
    if problems:
        raise LudusError(
            f"{item.data.get('name', item.key)} stays: {'; '.join(problems)}.", field="id"
        )
    item.delete()
    campaign.__dict__.pop("_rules_of", None)  # the adapter catalogue.rules_of kept is stale
    audit_record(
        campaign=campaign, actor=by, action="campaign.content_delete", removed=f"{item.kind}:"
        f"{item.key}"
    )  # fmt: skip
