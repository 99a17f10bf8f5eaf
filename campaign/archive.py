"""Archiving a campaign: it becomes read-only and stays browsable. The bouts it has not yet
decided are called off first (nobody is paid, as with any cancelled bout), so the worker has
nothing of it left to fight and no turn of it waits for orders: the arena does that on
`campaign_archiving` (campaign/signals.py). The GM may bring it back."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from campaign.models import Campaign
from campaign.services import audit_record, check_campaign_gm
from campaign.shared.errors import LudusError
from campaign.signals import campaign_archiving, changed


@transaction.atomic
def campaign_archive(*, campaign: Campaign, by: AbstractBaseUser) -> Campaign:
    """Archive the campaign; archiving an archived one changes nothing."""
    check_campaign_gm(campaign=campaign, user=by)
    # A conditional update, not a lock on the campaign row (nothing takes FOR UPDATE on a
    # campaign, docs/architecture.md); the row count says whether this request archived it.
    now = timezone.now()
    if not Campaign.objects.filter(pk=campaign.pk, archived_at__isnull=True).update(
        archived_at=now
    ):
        campaign.refresh_from_db(fields=["archived_at"])
        return campaign
    called_off = changed(campaign_archiving.send(sender=Campaign, campaign=campaign))
    audit_record(campaign=campaign, actor=by, action="campaign.archive", bouts_cancelled=called_off)
    campaign.archived_at = now
    return campaign


@transaction.atomic
def campaign_unarchive(*, campaign: Campaign, by: AbstractBaseUser) -> Campaign:
    """Bring an archived campaign back into play (its called-off bouts stay cancelled)."""
    check_campaign_gm(campaign=campaign, user=by)
    if not Campaign.objects.filter(pk=campaign.pk, archived_at__isnull=False).update(
        archived_at=None
    ):
        raise LudusError(f"{campaign.name} is not archived.")
    audit_record(campaign=campaign, actor=by, action="campaign.unarchive")
    campaign.archived_at = None
    return campaign
