"""A campaign export (arena/campaign_export.py) read into this Ludus: `manage.py
campaign_import FILE [--slug SLUG]`. Everything is written in one transaction, or nothing:
a file that is not an export, a schema version this Ludus does not read, a slug already taken,
a rule set this Ludus does not play, a field that does not fit, an id that points nowhere, a
ledger that does not sum to its gladiator's gold and experience, or lore that lore's own checks
refuse (a text over its limit, a trigger that does not fit its secret) is refused in words.

Ids are the export's own: every gladiator, bout and ledger line gets a new row here, and the
references between them are mapped. Users are matched by name; a name this Ludus does not know
gets an account with no password (they set one by "forgot password" once an e-mail address is
given them, or an administrator sets it). A bout that was not decided when it was exported
comes over cancelled: its seed, dice and secret orders never left the other Ludus, so it
cannot be fought here. Ratings are counted again from the decided bouts.

Lore (schema version 2 on; a version 1 file has none) comes over in the state it left: a secret
not yet revealed stays the GM's, waiting on the same trigger (its bout or gladiator mapped). As
with press, the rows come over and the audit trail and inbox stay in the other Ludus: the import
reveals nothing and announces nothing.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils.text import slugify

from arena.bouts.ratings import ratings_rebuild
from arena.bouts.selectors import UNDECIDED
from arena.campaign_export import READABLE_VERSIONS, SCHEMA
from arena.chronicle.models import Chronicle
from arena.gateway import RULESETS
from arena.models import Bout, BoutEntrant
from campaign.lore.models import Biography, Note
from campaign.lore.services import biography_text_clean, note_texts_clean, note_trigger_check
from campaign.models import Campaign, Membership
from campaign.press.models import Post
from campaign.shared.errors import LudusError
from characters.models import Gladiator, Holding, LedgerLine

CANCELLED_NOTE = "Imported before it was decided: its secret parts stayed in the other Ludus."


@dataclass
class Imported:
    campaign: Campaign
    users_created: list[str] = field(default_factory=list)
    bouts: int = 0
    cancelled: int = 0
    gladiators: int = 0
    ledger_lines: int = 0
    lore_notes: int = 0
    secrets_waiting: int = 0


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise LudusError(f"{where} should be a JSON object.")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise LudusError(f"{where} should be a JSON list.")
    return value


def _checked(instance: models.Model, where: str, exclude: tuple[str, ...] = ()) -> models.Model:
    """The row as its model's own fields check it (lengths, choices, numbers, dates): the
    first refusal in words, naming the row."""
    try:
        instance.full_clean(exclude=list(exclude))
    except ValidationError as error:
        name, problems = next(iter(error.message_dict.items()))
        raise LudusError(f"{where}: {name}: {' '.join(problems)}") from None
    return instance


def _pick(row: Mapping[str, Any], where: str, *names: str) -> dict[str, Any]:
    missing = [n for n in names if n not in row]
    if missing:
        raise LudusError(f"{where} has no {missing[0]!r}.")
    return {n: row[n] for n in names}


def _ref(ids: Mapping[Any, Any], key: Any, where: str, what: str) -> Any:
    if key is None:
        return None
    if key not in ids:
        raise LudusError(f"{where} names {what} {key!r}, which the file does not hold.")
    return ids[key]


def _ledger_holds(lines: list[Mapping[str, Any]], gladiators: list[Mapping[str, Any]]) -> None:
    """Each line's balance is the running sum of its currency, and the last is the gladiator's
    gold or experience: an export that does not hold is refused before anything is written."""
    running: dict[tuple[Any, str], int] = {}
    for n, line in enumerate(lines):
        key = (line.get("gladiator"), str(line.get("currency")))
        amount, balance = line.get("amount"), line.get("balance")
        if not isinstance(amount, int) or not isinstance(balance, int):
            raise LudusError(f"ledger line {n}: its amount and balance should be whole numbers.")
        running[key] = running.get(key, 0) + amount
        if running[key] != balance:
            raise LudusError(
                f"ledger line {n}: it says balance {balance}; the lines before it sum to "
                f"{running[key]}."
            )
    for g in gladiators:
        for currency in LedgerLine.Currency.values:
            summed = running.get((g.get("id"), currency), 0)
            if g.get(currency) != summed:
                raise LudusError(
                    f"gladiator {g.get('name')!r} holds {g.get(currency)!r} {currency}; its "
                    f"ledger sums to {summed}."
                )


def campaign_import(document: Any, *, slug: str = "") -> Imported:
    """Write the exported campaign `document` (the parsed JSON) into this Ludus, whole."""
    doc = _mapping(document, "The file")
    if doc.get("schema") != SCHEMA:
        raise LudusError(f'This is not a Ludus campaign export: its "schema" is not "{SCHEMA}".')
    version = doc.get("schema_version")
    if version not in READABLE_VERSIONS or isinstance(version, bool):
        readable = " and ".join(str(v) for v in READABLE_VERSIONS)
        raise LudusError(
            f"This export has schema version {version!r}; this Ludus reads versions {readable}."
        )
    source = _mapping(doc.get("campaign"), "campaign")
    slug = slug or str(source.get("slug", ""))
    if not slug or slugify(slug) != slug:
        raise LudusError(f"{slug!r} is not a slug (lower-case letters, digits and hyphens).")
    if Campaign.objects.filter(slug=slug).exists():
        raise LudusError(f"A campaign with the slug {slug!r} exists here: import with --slug.")
    if source.get("ruleset") not in RULESETS:
        raise LudusError(f"This Ludus does not play the rule set {source.get('ruleset')!r}.")
    members = [
        _mapping(m, f"member {n}") for n, m in enumerate(_list(doc.get("members"), "members"))
    ]
    gladiators = [
        _mapping(g, f"gladiator {n}")
        for n, g in enumerate(_list(doc.get("gladiators"), "gladiators"))
    ]
    bouts = [_mapping(b, f"bout {n}") for n, b in enumerate(_list(doc.get("bouts"), "bouts"))]
    lines = [
        _mapping(x, f"ledger line {n}") for n, x in enumerate(_list(doc.get("ledger"), "ledger"))
    ]
    # Added to the export after its first version: a file without them has none.
    press = _list(doc.get("press", []), "press")
    chronicles = _list(doc.get("chronicles", []), "chronicles")
    lore = _Lore.read(doc) if version >= 2 else _Lore()
    _ledger_holds(lines, gladiators)
    with transaction.atomic():
        return _write(slug, source, members, gladiators, bouts, lines, press, chronicles, lore)


@dataclass
class _Lore:
    """The file's lore, its two lists checked to be lists of objects (version 2 on)."""

    biographies: list[Mapping[str, Any]] = field(default_factory=list)
    notes: list[Mapping[str, Any]] = field(default_factory=list)

    @classmethod
    def read(cls, doc: Mapping[str, Any]) -> _Lore:
        lore = _mapping(doc.get("lore"), "lore")
        return cls(
            biographies=[
                _mapping(b, f"biography {n}")
                for n, b in enumerate(_list(lore.get("biographies"), "lore biographies"))
            ],
            notes=[
                _mapping(x, f"lore note {n}")
                for n, x in enumerate(_list(lore.get("notes"), "lore notes"))
            ],
        )


def _users(names: set[str], imported: Imported) -> dict[str, Any]:
    User = get_user_model()
    users = {u.get_username(): u for u in User.objects.filter(username__in=names)}
    for name in sorted(names - set(users)):
        user = User(username=name)
        user.set_unusable_password()
        _checked(user, f"user {name!r}", exclude=("password",))
        user.save()
        users[name] = user
        imported.users_created.append(name)
    return users


def _write(
    slug: str,
    source: Mapping[str, Any],
    members: list[Mapping[str, Any]],
    gladiators: list[Mapping[str, Any]],
    bouts: list[Mapping[str, Any]],
    lines: list[Mapping[str, Any]],
    press: list[Any],
    chronicles: list[Any],
    lore: _Lore,
) -> Imported:
    names = {str(m.get("user", "")) for m in members}
    names |= {str(g.get("owner", "")) for g in gladiators}
    names |= {str(x.get("actor")) for x in lines if x.get("actor")}
    names |= {str(p.get("author", "")) for p in press if isinstance(p, Mapping)}
    names |= {str(b["updated_by"]) for b in lore.biographies if b.get("updated_by")}
    gm_name = next((str(m.get("user")) for m in members if m.get("role") == "gm"), None)
    if gm_name is None:
        raise LudusError("The export names no GM among its members.")
    campaign = Campaign(
        slug=slug,
        created_by=None,
        **_pick(source, "campaign", "name", "description", "ruleset", "visibility", "options"),
        archived_at=source.get("archived_at"),
    )
    imported = Imported(campaign)
    users = _users(names, imported)
    campaign.created_by = users[gm_name]
    _checked(campaign, "campaign")
    campaign.save()
    Campaign.objects.filter(pk=campaign.pk).update(created_at=_when(source, "campaign"))

    for n, m in enumerate(members):
        where = f"member {n}"
        membership = _checked(
            Membership(campaign=campaign, user=users[str(m.get("user", ""))], role=m.get("role")),
            where,
        )
        membership.save()
        Membership.objects.filter(pk=membership.pk).update(joined_at=_when(m, where, "joined_at"))

    kept = ("name", "kind", "status", "level", "gold", "xp", "build", "tactics", "bouts_fought",
            "wins", "defeats", "opponents_defeated", "mercy_granted", "killed_by",
            "ended_at")  # fmt: skip
    glad_ids: dict[Any, Gladiator] = {}
    for n, g in enumerate(gladiators):
        where = f"gladiator {n} ({g.get('name')!r})"
        if g.get("id") in glad_ids:
            raise LudusError(f"{where}: the id {g.get('id')!r} is used twice.")
        row = _checked(
            Gladiator(
                campaign=campaign, owner=users[str(g.get("owner", ""))], **_pick(g, where, *kept)
            ),
            where,
            exclude=("died_in",),
        )
        row.save()
        Gladiator.objects.filter(pk=row.pk).update(created_at=_when(g, where))
        glad_ids[g.get("id")] = row
        for k, h in enumerate(_list(g.get("holdings", []), f"{where} holdings")):
            h = _mapping(h, f"{where} holding {k}")
            holding = _checked(
                Holding(
                    gladiator=row,
                    **_pick(h, f"{where} holding {k}", "item", "equipped", "price_paid"),
                ),
                f"{where} holding {k}",
            )
            holding.save()
            Holding.objects.filter(pk=holding.pk).update(
                acquired_at=_when(h, f"{where} holding {k}", "acquired_at")
            )
    imported.gladiators = len(glad_ids)

    bout_ids: dict[Any, Bout] = {}
    for n, b in enumerate(bouts):
        where = f"bout {n} ({b.get('title') or 'untitled'})"
        decided = b.get("status") not in UNDECIDED
        fields = _pick(b, where, "title", "mode", "ruleset", "ruleset_version", "options",
                       "scheduled_at", "status", "resolved_at", "winner")  # fmt: skip
        if decided:
            fields |= _pick(b, where, "seed", "picks", "terms", "engine_input", "log",
                            "input_digest", "log_digest", "commitment")  # fmt: skip
            fields |= {"voided_at": b.get("voided_at"), "void_reason": b.get("void_reason", "")}
        else:
            # Its seed never left the other Ludus: a fresh one, never used, fills the column.
            fields |= {"status": Bout.Status.CANCELLED, "seed": secrets.randbits(62),
                       "failure": CANCELLED_NOTE}  # fmt: skip
            imported.cancelled += 1
        bout = _checked(Bout(campaign=campaign, created_by=users[gm_name], **fields), where)
        bout.save()
        bout_ids[b.get("id")] = bout
        for k, e in enumerate(_list(b.get("entrants"), f"{where} entrants")):
            e = _mapping(e, f"{where} entrant {k}")
            gladiator = _ref(glad_ids, e.get("gladiator"), f"{where} entrant {k}", "gladiator")
            entrant = BoutEntrant(
                bout=bout,
                gladiator=gladiator,
                **_pick(
                    e, f"{where} entrant {k}", "team", "start_square", "place", "fate", "defeated"
                ),
            )
            if not decided:
                entrant.place, entrant.fate, entrant.defeated = None, "", 0
            _checked(entrant, f"{where} entrant {k}").save()
    imported.bouts = len(bout_ids)

    for g in gladiators:
        died_in = _ref(bout_ids, g.get("died_in"), f"gladiator {g.get('name')!r}", "bout")
        if died_in is not None:
            Gladiator.objects.filter(pk=glad_ids[g.get("id")].pk).update(died_in=died_in)

    for n, x in enumerate(lines):
        where = f"ledger line {n}"
        line = LedgerLine(
            gladiator=_ref(glad_ids, x.get("gladiator"), where, "gladiator"),
            bout=_ref(bout_ids, x.get("bout"), where, "bout"),
            actor=users[str(x["actor"])] if x.get("actor") else None,
            **_pick(x, where, "currency", "amount", "balance", "cause", "item", "note"),
        )
        _checked(line, where).save()
        LedgerLine.objects.filter(pk=line.pk).update(created_at=_when(x, where))
    imported.ledger_lines = len(lines)

    for n, p in enumerate(press):
        where = f"press post {n}"
        p = _mapping(p, where)
        post = Post(
            campaign=campaign,
            bout=_ref(bout_ids, p.get("bout"), where, "bout"),
            author=users[str(p.get("author", ""))],
            **_pick(p, where, "text", "is_announcement", "turn", "published_at", "hidden_at"),
        )
        _checked(post, where).save()
        Post.objects.filter(pk=post.pk).update(created_at=_when(p, where))

    for n, c in enumerate(chronicles):
        where = f"chronicle {n}"
        c = _mapping(c, where)
        fields = _pick(c, where, "period_start", "period_end", "title", "body", "published_at")
        chronicle = _checked(Chronicle(campaign=campaign, **fields), where)
        chronicle.save()
        Chronicle.objects.filter(pk=chronicle.pk).update(written_at=_when(c, where, "written_at"))

    _write_lore(campaign, lore, glad_ids, bout_ids, users)
    imported.lore_notes = len(lore.notes)
    imported.secrets_waiting = (
        Note.objects.filter(campaign=campaign, revealed_at__isnull=True).exclude(secret="").count()
    )
    ratings_rebuild(campaign_id=campaign.pk)
    campaign.refresh_from_db()  # its own dates, written past the instance above
    return imported


def _write_lore(
    campaign: Campaign,
    lore: _Lore,
    glad_ids: Mapping[Any, Gladiator],
    bout_ids: Mapping[Any, Bout],
    users: Mapping[str, Any],
) -> None:
    """Biographies and notes as lore's own writes check them, in the state the file gives."""
    told: set[int] = set()
    for n, b in enumerate(lore.biographies):
        where = f"biography {n}"
        gladiator = _ref(glad_ids, b.get("gladiator"), where, "gladiator")
        if gladiator is None:
            raise LudusError(f"{where} names no gladiator.")
        if gladiator.pk in told:
            raise LudusError(f"{where}: {gladiator.name!r} has a biography earlier in the file.")
        told.add(gladiator.pk)
        text = _lore_checked(where, biography_text_clean, b.get("text"))
        if not text:
            raise LudusError(f"{where}: its text is empty (a gladiator without a story has none).")
        author = users[str(b["updated_by"])] if b.get("updated_by") else None
        biography = _checked(Biography(gladiator=gladiator, text=text, updated_by=author), where)
        biography.save()
        Biography.objects.filter(pk=biography.pk).update(updated_at=_when(b, where, "updated_at"))

    for n, x in enumerate(lore.notes):
        where = f"lore note {n} ({x.get('title')!r})"
        fields = _pick(x, where, "position", "title", "text", "secret", "trigger", "revealed_at")
        texts = _lore_checked(
            where,
            note_texts_clean,
            title=fields["title"],
            text=fields["text"],
            secret=fields["secret"],
        )
        bout = _ref(bout_ids, x.get("bout"), where, "bout")
        gladiator = _ref(glad_ids, x.get("gladiator"), where, "gladiator")
        trigger = _lore_checked(
            where,
            note_trigger_check,
            secret=texts["secret"],
            trigger=fields["trigger"],
            names_bout=bout is not None,
            names_gladiator=gladiator is not None,
        )
        if fields["revealed_at"] is not None and not texts["secret"]:
            raise LudusError(f"{where}: it has no secret, so it has nothing revealed.")
        # A trigger's bout or gladiator may be null: it was deleted in the other Ludus, and the
        # secret waits for the GM's word there as it will here.
        note = Note(campaign=campaign, position=fields["position"], **texts, trigger=trigger,
                    trigger_bout=bout, trigger_gladiator=gladiator,
                    revealed_at=fields["revealed_at"])  # fmt: skip
        _checked(note, where).save()
        Note.objects.filter(pk=note.pk).update(
            created_at=_when(x, where), updated_at=_when(x, where, "updated_at")
        )


def _lore_checked(where: str, check: Any, *args: Any, **kwargs: Any) -> Any:
    """Lore's own check of a text or trigger, its refusal naming the row."""
    try:
        return check(*args, **kwargs)
    except LudusError as refused:
        raise LudusError(f"{where}: {refused.message}") from None


def _when(row: Mapping[str, Any], where: str, name: str = "created_at") -> Any:
    """A row's own date, as its model's field reads it (ISO 8601)."""
    value = row.get(name)
    try:
        parsed = models.DateTimeField().to_python(value)
    except ValidationError:
        parsed = None
    if parsed is None:
        raise LudusError(f"{where}: {name} should be a date and time (ISO 8601), not {value!r}.")
    return parsed
