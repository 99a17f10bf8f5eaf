"""How the house rules change the demo's Capua: its seven weeks of history fought twice on a
scratch database, once with the economy and mercy rules off (the rule set's rewards alone,
mercy by its dice) and once with the demo's house rules. Prints, for each, how many of the
campaign's gladiators died, how many are active, and the gold a new recruit can shop with.

    python -m campaign.devstack exec -- .venv/bin/python bench/demo_economy.py

Figures only: nothing here asserts.
"""

from __future__ import annotations

from harness import django_on_scratch_database

OFF = {"starting_purse": 0, "appearance_fee": 0, "loser_share": 0.0, "mercy": "dice"}


class Undo(Exception):
    """Rolls one run back, so both start from the same empty database."""


def fought_with(rules: dict) -> dict:
    from django.db import transaction

    from campaign.management.commands import demo_load
    from campaign.models import Campaign
    from characters.models import Gladiator

    demo_load.CAPUA_HOUSE_RULES = rules
    figures: dict = {}
    try:
        with transaction.atomic():
            demo_load.Command()._load()
            capua = Campaign.objects.get(slug=demo_load.DEMO_SLUG)
            stables = Gladiator.objects.filter(campaign=capua)
            figures = {
                "gladiators": stables.count(),
                "dead": stables.filter(status=Gladiator.Status.DEAD).count(),
                "active": stables.filter(status=Gladiator.Status.ACTIVE).count(),
                "recruit's purse": rules.get("starting_purse", 0),
            }
            raise Undo
    except Undo:
        pass
    return figures


if __name__ == "__main__":
    with django_on_scratch_database():
        from campaign.management.commands.demo_load import CAPUA_HOUSE_RULES

        for label, rules in (("house rules off", OFF), ("demo house rules", CAPUA_HOUSE_RULES)):
            f = fought_with(dict(rules))
            print(
                f"{label:>17}: {f['dead']} of {f['gladiators']} gladiators dead, "
                f"{f['active']} active; a new recruit starts with {f["recruit's purse"]} gold",
                flush=True,
            )
