"""A whole campaign as one JSON document, with a schema version: the campaign, its members by
user name, its gladiators (with their holdings), its bouts (engine input, log and rule set
version), its public press, its chronicles, its lore and every ledger line. `manage.py
campaign_export SLUG` writes it; the GM downloads it from the campaign's page; `manage.py
campaign_import` reads it into another Ludus (arena/campaign_import.py).

It holds what the campaign's GM may read, and no more: a bout not yet decided keeps its seed,
engine input, log, state and sealed terms out (they hold secret orders and the dice to come),
and a decided bout's input is `bout_engine_input_for` the GM (the rules' own secrets, such as
a secret king, are shown once the bout is over). The GM's lore notes come with their secrets,
revealed or not, and their reveal state: the import keeps an unrevealed one unrevealed. Nothing
about users beyond their names.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Prefetch
from django.utils import timezone

from arena.bouts.selectors import UNDECIDED, bout_engine_input_for
from arena.gateway import EngineInputError, ruleset
from arena.models import Bout, BoutEntrant
from campaign.lore.models import Biography, Note
from campaign.models import Campaign, Membership
from campaign.press.models import Post
from characters.models import Gladiator, Holding, LedgerLine

SCHEMA = "ludus-campaign"
# Bump when a field changes meaning or goes, or when a reader that skipped a new field would
# import less than the file holds (record 0097: lore is version 2); a field an older reader
# may skip keeps the version. The import reads every version listed in READABLE_VERSIONS.
SCHEMA_VERSION = 2
READABLE_VERSIONS = (1, 2)


def _ruleset_version(slug: str) -> str:
    try:
        return ruleset(slug).version
    except EngineInputError:
        return ""  # a rule set this Ludus no longer has: its bouts carry their own versions


def _gm_of(campaign: Campaign) -> Any:
    membership = campaign.memberships.filter(role=Membership.Role.GM).select_related("user").first()
    return membership.user if membership else campaign.created_by


def _gladiator(g: Gladiator) -> dict[str, Any]:
    return {
        "id": g.pk,
        "name": g.name,
        "owner": g.owner.username,
        "kind": g.kind,
        "status": g.status,
        "level": g.level,
        "gold": g.gold,
        "xp": g.xp,
        "build": g.build,
        "tactics": g.tactics,
        "bouts_fought": g.bouts_fought,
        "wins": g.wins,
        "defeats": g.defeats,
        "opponents_defeated": g.opponents_defeated,
        "mercy_granted": g.mercy_granted,
        "died_in": g.died_in_id,
        "killed_by": g.killed_by,
        "ended_at": g.ended_at,
        "created_at": g.created_at,
        "holdings": [
            {
                "item": h.item,
                "equipped": h.equipped,
                "price_paid": h.price_paid,
                "acquired_at": h.acquired_at,
            }
            for h in g.holdings.all()
        ],
    }


def _bout(bout: Bout, gm: Any) -> dict[str, Any]:
    decided = bout.status not in UNDECIDED
    return {
        "id": bout.pk,
        "title": bout.title,
        "mode": bout.mode,
        "ruleset": bout.ruleset,
        "ruleset_version": bout.ruleset_version,
        "options": bout.options,
        "scheduled_at": bout.scheduled_at,
        "status": bout.status,
        "resolved_at": bout.resolved_at,
        "winner": bout.winner,
        "entrants": [
            {
                "gladiator": e.gladiator_id,
                "team": e.team,
                "start_square": e.start_square,
                "place": e.place,
                "fate": e.fate,
                "defeated": e.defeated,
            }
            for e in bout.entrants.all()
        ],
        "commitment": bout.commitment,
        # Withheld until the bout is decided (None): its dice and its secret orders.
        "seed": bout.seed if decided else None,
        "picks": bout.picks if decided else None,
        "terms": bout.terms if decided else None,
        "engine_input": bout_engine_input_for(bout=bout, user=gm) if decided else None,
        "log": bout.log if decided else None,
        "input_digest": bout.input_digest if decided else "",
        "log_digest": bout.log_digest if decided else "",
        "voided_at": bout.voided_at,
        "void_reason": bout.void_reason,
    }


def _lore(campaign: Campaign) -> dict[str, Any]:
    """Biographies and the GM's notes, secrets included: the export is the GM's."""
    biographies = (
        Biography.objects.filter(gladiator__campaign=campaign)
        .select_related("updated_by")
        .order_by("gladiator_id")
    )
    return {
        "biographies": [
            {
                "gladiator": b.gladiator_id,
                "text": b.text,
                "updated_by": b.updated_by.username if b.updated_by else "",
                "updated_at": b.updated_at,
            }
            for b in biographies
        ],
        "notes": [
            {
                "position": note.position,
                "title": note.title,
                "text": note.text,
                "secret": note.secret,
                "trigger": note.trigger,
                "bout": note.trigger_bout_id,
                "gladiator": note.trigger_gladiator_id,
                "revealed_at": note.revealed_at,
                "created_at": note.created_at,
                "updated_at": note.updated_at,
            }
            for note in Note.objects.filter(campaign=campaign).order_by("position", "id")
        ],
    }


def campaign_export(campaign: Campaign) -> dict[str, Any]:
    """The campaign as a JSON-able document (datetimes still objects: see campaign_export_json)."""
    gm = _gm_of(campaign)
    gladiators = (
        Gladiator.objects.filter(campaign=campaign)
        .select_related("owner")
        .prefetch_related(Prefetch("holdings", queryset=Holding.objects.order_by("id")))
        .order_by("id")
    )
    bouts = (
        Bout.objects.filter(campaign=campaign)
        .select_related("campaign")
        .prefetch_related(
            Prefetch(
                "entrants",
                queryset=BoutEntrant.objects.select_related("gladiator").order_by("id"),
            )
        )
        .order_by("scheduled_at", "id")
    )
    ledger = (
        LedgerLine.objects.filter(gladiator__campaign=campaign)
        .select_related("actor")
        .order_by("id")
    )
    # The public threads as their readers read them: private messages are their two people's
    # alone (not the GM's), and a post held until its turn resolves is its author's until then.
    press = (
        Post.objects.filter(campaign=campaign, recipient__isnull=True, published_at__isnull=False)
        .select_related("author")
        .order_by("id")
    )
    return {
        "schema": SCHEMA,
        "schema_version": SCHEMA_VERSION,
        "exported_at": timezone.now(),
        "campaign": {
            "slug": campaign.slug,
            "name": campaign.name,
            "description": campaign.description,
            "ruleset": campaign.ruleset,
            "ruleset_version": _ruleset_version(campaign.ruleset),
            "visibility": campaign.visibility,
            "options": campaign.options,
            "created_at": campaign.created_at,
            "archived_at": campaign.archived_at,
        },
        "members": [
            {"user": m.user.username, "role": m.role, "joined_at": m.joined_at}
            for m in campaign.memberships.select_related("user").order_by("id")
        ],
        "gladiators": [_gladiator(g) for g in gladiators],
        "bouts": [_bout(b, gm) for b in bouts],
        "press": [
            {
                "bout": post.bout_id,
                "author": post.author.username,
                "text": post.text,
                "is_announcement": post.is_announcement,
                "turn": post.turn,
                "published_at": post.published_at,
                "created_at": post.created_at,
                "hidden_at": post.hidden_at,
            }
            for post in press
        ],
        "chronicles": [
            {
                "period_start": c.period_start,
                "period_end": c.period_end,
                "title": c.title,
                "body": c.body,
                "written_at": c.written_at,
                "published_at": c.published_at,
            }
            for c in campaign.chronicles.order_by("period_end", "id")
        ],
        "lore": _lore(campaign),
        "ledger": [
            {
                "gladiator": line.gladiator_id,
                "currency": line.currency,
                "amount": line.amount,
                "balance": line.balance,
                "cause": line.cause,
                "bout": line.bout_id,
                "item": line.item,
                "note": line.note,
                "actor": line.actor.username if line.actor else "",
                "created_at": line.created_at,
            }
            for line in ledger
        ],
    }


class ExportEncoder(DjangoJSONEncoder):
    """Django's encoder, but every aware datetime in UTC to the millisecond in one form
    ("2026-11-28T07:28:57.000Z"). Django's drops the fraction of a time on the second and keeps
    ".000" for one less than a millisecond past it: such a time, read back to the millisecond,
    would be written the other way, and an export of the import would not be the export."""

    def default(self, o: Any) -> Any:
        if isinstance(o, datetime) and o.tzinfo is not None:
            return o.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        return super().default(o)


def campaign_export_json(campaign: Campaign) -> str:
    """The export as text: JSON with one-space indents, datetimes in ISO 8601 (ExportEncoder)."""
    return json.dumps(campaign_export(campaign), cls=ExportEncoder, indent=1) + "\n"
