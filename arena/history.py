"""History that must not change (docs/deployment.md, "Upgrades"): every stored bout replayed
with the rule set version it was fought with, and every ledger summed to its balances. Used by
`manage.py verify_history` after an upgrade or a restore."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from arena.engine.core.ruleset import RULESETS
from characters.models import Gladiator, LedgerLine

from .models import Bout
from .verification import replay_check


@dataclass(frozen=True)
class Finding:
    """One bout or gladiator whose history does not hold, in words; `changed` False for a bout
    that cannot be replayed (its rule set or version is not in this engine)."""

    what: str
    detail: str
    changed: bool = True

    def __str__(self) -> str:
        return f"{self.what}: {self.detail}"


@dataclass
class Tally:
    bouts: int = 0
    replayed: int = 0
    gladiators: int = 0


def _bout_name(bout: Bout) -> str:
    return f"bout {bout.pk} ({bout.title or 'untitled'}, campaign {bout.campaign.slug})"


def bouts_verify(tally: Tally) -> Iterator[Finding]:
    """Replay every bout with a stored input and log; a bout whose pinned version this engine
    no longer plays is reported, not replayed (another version's rules would fight it)."""
    bouts = (
        Bout.objects.filter(engine_input__isnull=False, log__isnull=False)
        .select_related("campaign")
        .only("pk", "title", "ruleset", "ruleset_version", "engine_input", "log",
              "campaign__slug")
        .order_by("pk")
    )  # fmt: skip
    for bout in bouts.iterator(chunk_size=100):
        tally.bouts += 1
        pinned = bout.ruleset_version or str(bout.log.get("version", ""))
        engine = RULESETS.get(bout.ruleset)
        if engine is None:
            yield Finding(
                _bout_name(bout),
                f"its rule set {bout.ruleset!r} is not in this engine: it cannot be replayed.",
                changed=False,
            )
        elif pinned != engine.version:
            yield Finding(
                _bout_name(bout),
                f"fought with {bout.ruleset} {pinned or '(no version)'}; this engine plays "
                f"{bout.ruleset} {engine.version} only, so it cannot replay it as fought.",
                changed=False,
            )
        else:
            tally.replayed += 1
            check = replay_check(bout.engine_input, bout.log)
            if not check["ok"]:
                yield Finding(_bout_name(bout), check["detail"])


def ledgers_verify(tally: Tally) -> Iterator[Finding]:
    """Every ledger line's balance is the running sum of its currency's lines, and the
    gladiator's cached gold and experience are the sums."""
    gladiators = Gladiator.objects.select_related("campaign").order_by("pk")
    lines = LedgerLine.objects.order_by("gladiator_id", "currency", "id").values_list(
        "gladiator_id", "currency", "id", "amount", "balance"
    )
    sums: dict[tuple[int, str], int] = {}
    for gladiator_id, currency, line_id, amount, balance in lines.iterator(chunk_size=2000):
        running = sums.get((gladiator_id, currency), 0) + amount
        sums[(gladiator_id, currency)] = running
        if balance != running:
            yield Finding(
                f"gladiator {gladiator_id}",
                f"{currency} line {line_id} says balance {balance}; the lines sum to {running}.",
            )
    for gladiator in gladiators.iterator(chunk_size=500):
        tally.gladiators += 1
        for currency in LedgerLine.Currency.values:
            cached, summed = getattr(gladiator, currency), sums.get((gladiator.pk, currency), 0)
            if cached != summed:
                yield Finding(
                    f"gladiator {gladiator.pk} ({gladiator.name}, campaign "
                    f"{gladiator.campaign.slug})",
                    f"holds {cached} {currency}; its ledger sums to {summed}.",
                )
