"""manage.py verify_history: every stored bout replayed with its pinned rule set version, and
every ledger summed (arena/history.py). Run it after an upgrade or a restore; it fails (exit
status 1) naming each bout or gladiator whose history would change. A bout at a rule set
version this engine no longer plays is named too, but does not fail it: a version bump makes
such bouts on purpose."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from arena.history import Tally, bouts_verify, ledgers_verify


class Command(BaseCommand):
    help = "Replay every stored bout and sum every ledger; report any that would change."

    def handle(self, *args, **options):
        tally = Tally()
        findings = [*bouts_verify(tally), *ledgers_verify(tally)]
        for finding in findings:
            self.stdout.write(str(finding))
        summary = (
            f"{tally.bouts} bouts with a stored log, {tally.replayed} replayed with their rule "
            f"set version; {tally.gladiators} gladiators' ledgers summed"
        )
        changed = sum(finding.changed for finding in findings)
        unreplayable = len(findings) - changed
        if unreplayable:
            summary += f"; {unreplayable} bouts this engine cannot replay (above)"
        if changed:
            raise CommandError(f"{summary}: {changed} would change (above).")
        self.stdout.write(f"{summary}: all replayed hold.")
