"""Bouts anyone can verify (docs/verification.md): the commitment a bout publishes when it is
scheduled, the digests of what it stored when fought, the receipts of sealed orders, and the
checks the worker runs when somebody asks.

Everything hashed is canonical JSON (arena/engine/core/canonical.py) under SHA-256, so the same
checks can be done by hand with the standard library.
"""

from __future__ import annotations

import secrets
from typing import Any

from arena.engine import play, ruleset
from arena.engine.core.canonical import canonical, digest

from .models import Bout, BoutEntrant, TurnOrder

NONCE_BYTES = 32  # 256 bits: without it the 48-bit seed could be found from the commitment
SALT_BYTES = 16  # 128 bits: without it a pending order could be guessed from its receipt


def bout_terms(bout: Bout) -> dict[str, Any]:
    """What a bout promises before it is fought: its seed (under a fresh random nonce), rule set
    and the rule set's version, mode and options. The entrants' builds are not in it: they may
    still change (the shop is open until the fight); they are fixed by the engine input's
    digest when the bout is fought."""
    return {
        "bout": bout.pk,
        "mode": bout.mode,
        "nonce": secrets.token_hex(NONCE_BYTES),
        "options": bout.options,
        "ruleset": bout.ruleset,
        "seed": bout.seed,
        "version": ruleset(bout.ruleset).version,
    }


def bout_commit(bout: Bout) -> None:
    """Fix the bout's terms and publish their digest (the caller saves the bout)."""
    bout.terms = bout_terms(bout)
    bout.commitment = digest(bout.terms)


def terms_broken(bout: Bout) -> str:
    """Why the bout can no longer be fought as it promised, in words; "" when it can (or it
    promised nothing). The rule set's version is the one thing that can change under it."""
    if not bout.terms:
        return ""
    now = ruleset(bout.ruleset).version
    promised = bout.terms.get("version")
    if now != promised:
        return (
            f"The rules changed since the bout was scheduled ({bout.ruleset} {promised} was "
            f"promised, this server fights with {now}); the GM reschedules it."
        )
    return ""


def record_digests(bout: Bout) -> None:
    """Take the digests of the engine input and log just stored (the caller saves the bout)."""
    bout.input_digest = digest(bout.engine_input) if bout.engine_input is not None else ""
    bout.log_digest = digest(bout.log) if bout.log is not None else ""


def order_receipt_doc(order: TurnOrder, *, bout_id: int, gladiator: str) -> dict[str, Any]:
    return {
        "bout": bout_id,
        "gladiator": gladiator,
        "order": order.order,
        "salt": order.salt,
        "standing": order.standing,
        "turn": order.turn,
    }


def order_seal(order: TurnOrder, *, gladiator: str) -> None:
    """Give a (new or changed) order a fresh salt and its receipt (the caller saves it)."""
    order.salt = secrets.token_hex(SALT_BYTES)
    order.receipt = digest(order_receipt_doc(order, bout_id=order.bout_id, gladiator=gladiator))


def _check(name: str, ok: bool | None, detail: str) -> dict[str, Any]:
    return {"check": name, "ok": ok, "detail": detail}


def bout_checks(bout: Bout) -> list[dict[str, Any]]:
    """Every check of a decided bout against its own record; ok None means not applicable."""
    checks = []
    terms, engine_input, log = bout.terms, bout.engine_input or {}, bout.log
    if not bout.commitment or not terms:
        checks.append(_check("commitment", None, "Scheduled before commitments existed."))
    else:
        same = digest(terms) == bout.commitment
        checks.append(
            _check(
                "commitment",
                same,
                "The revealed terms hash to the published commitment."
                if same
                else "The revealed terms do not hash to the published commitment.",
            )
        )
        checks.append(_terms_kept(terms, engine_input, log))
    if bout.input_digest:
        same = digest(engine_input) == bout.input_digest
        checks.append(
            _check(
                "input",
                same,
                "The engine input hashes to the digest taken when it was fought."
                if same
                else "The engine input changed since it was fought.",
            )
        )
    if bout.log_digest:
        same = log is not None and digest(log) == bout.log_digest
        checks.append(
            _check(
                "log",
                same,
                "The log hashes to the digest taken when it was fought."
                if same
                else "The log changed since it was fought.",
            )
        )
    checks.append(replay_check(engine_input, log))
    checks.extend(_receipts(bout, engine_input))
    return checks


def _terms_kept(terms: dict, engine_input: dict, log: dict | None) -> dict[str, Any]:
    """The engine input fights the promised terms: same rule set, the promised seed (where the
    rule set takes one: a rule set without dice needs none), every promised option as promised,
    and the log's rule set version is the promised one."""
    problems = []
    if engine_input.get("ruleset") != terms.get("ruleset"):
        problems.append("another rule set")
    if "seed" in engine_input and engine_input["seed"] != terms.get("seed"):
        problems.append("another seed")
    options = engine_input.get("options") or {}
    changed = [k for k, v in (terms.get("options") or {}).items() if options.get(k) != v]
    if changed:
        problems.append("other options (" + ", ".join(sorted(changed)) + ")")
    if log is not None and str(log.get("version", "")) != str(terms.get("version")):
        problems.append("another rule set version")
    if problems:
        return _check("terms", False, "The bout was fought with " + ", ".join(problems) + ".")
    return _check("terms", True, "The bout was fought with the promised seed, rules and options.")


def replay_check(engine_input: dict, log: dict | None) -> dict[str, Any]:
    """Whether the engine fights the stored input to the stored log, as a check."""
    if not engine_input or log is None:
        return _check("replay", False, "There is no stored engine input and log to compare.")
    try:
        again = play(engine_input)
    except Exception as error:  # the stored input no longer plays: that is the finding
        return _check("replay", False, f"The engine refuses the stored input: {error}")
    if canonical(again) == canonical(log):
        return _check("replay", True, "The engine fights the stored input to the stored log.")
    fought, now = str(log.get("version", "")), str(again.get("version", ""))
    if fought != now:  # a bump changes stored logs: only that version's engine replays them
        return _check(
            "replay",
            False,
            f"The engine fights the stored input to another log: the bout was fought under "
            f"version {fought} of the rules and the engine is at {now}. Replay it with Ludus "
            f"at version {fought}.",
        )
    return _check("replay", False, "The engine fights the stored input to another log.")


def _receipts(bout: Bout, engine_input: dict) -> list[dict[str, Any]]:
    """Every sealed order of a resolved turn hashes to its receipt and is the order used."""
    used_turns = engine_input.get("turns") or []
    names = dict(BoutEntrant.objects.filter(bout=bout).values_list("pk", "gladiator__name"))
    sealed = TurnOrder.objects.filter(bout=bout).exclude(receipt="").order_by("turn", "id")
    if not sealed.exists():
        return []
    bad = []
    count = 0
    for order in sealed:
        if order.turn > len(used_turns):
            continue  # not resolved: still sealed
        count += 1
        name = names.get(order.entrant_id, "")
        where = f"{bout.step} {order.turn}, {name}"
        doc = order_receipt_doc(order, bout_id=bout.pk, gladiator=name)
        if digest(doc) != order.receipt:
            bad.append(f"{where}: the order does not hash to its receipt")
        elif (used_turns[order.turn - 1] or {}).get(name) != order.order:
            bad.append(f"{where}: the order used is not the order given")
    if bad:
        return [_check("orders", False, "; ".join(bad) + ".")]
    return [
        _check("orders", True, f"All {count} sealed orders match their receipts and were used.")
    ]
