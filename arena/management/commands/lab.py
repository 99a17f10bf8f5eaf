"""The balance lab from the command line: the same matrix as the lab page (the same seeds give
the same figures), printed as the docs' markdown tables, CSV or JSON.

    python manage.py lab <rule set> --bouts 1000 --seed 1 [--builds elf-bow giant-sword]
        [--jobs 2] [--format markdown|csv|json] [--fixed-starts]
"""

from __future__ import annotations

import json
import secrets

from django.core.management.base import BaseCommand, CommandError

from arena.gateway import fight_matrix, ruleset, to_csv, to_json, to_markdown
from arena.lab.services import SEED_MAX, lab_builds, lab_builds_chosen, lab_size_check
from campaign.shared.errors import LudusError


class Command(BaseCommand):
    help = "Fight lab builds of a rule set against each other and print the win-rate matrix."

    def add_arguments(self, parser):
        parser.add_argument("ruleset", help="a rule set's slug (GET /api/rulesets/ lists them)")
        parser.add_argument("--builds", nargs="*", help="build keys (default: all of them)")
        parser.add_argument("--bouts", type=int, default=1000, help="bouts per pairing")
        parser.add_argument("--seed", type=int, help="default: a random one, printed")
        parser.add_argument("--jobs", type=int, default=2, help="worker processes")
        parser.add_argument("--format", choices=("markdown", "csv", "json"), default="markdown")
        parser.add_argument(
            "--fixed-starts", action="store_true", help="the rule set's own starting squares"
        )

    def handle(self, *args, **opts):
        slug = opts["ruleset"]
        seed = secrets.randbits(48) if opts["seed"] is None else opts["seed"]
        try:
            keys = opts["builds"] or [b.key for b in lab_builds(slug)]
            builds = lab_builds_chosen(slug, keys)
            lab_size_check(opts["bouts"], len(builds))
            if not 0 <= seed <= SEED_MAX:
                raise LudusError(f"The seed must be a whole number from 0 to {SEED_MAX:,}.")
        except LudusError as error:
            raise CommandError(error.message) from error
        rules = ruleset(slug)
        options = rules.campaign.clean_options({}, by_tactics=True)
        random_starts = not opts["fixed_starts"]
        cells = fight_matrix(
            slug,
            builds,
            options=options,
            bouts=opts["bouts"],
            seed=seed,
            random_starts=random_starts,
            jobs=max(1, opts["jobs"]),
        )
        header = {
            "ruleset": slug,
            "version": rules.version,
            "options": options,
            "bouts_per_pairing": opts["bouts"],
            "seed": seed,
            "random_starts": random_starts,
        }
        if opts["format"] == "csv":
            self.stdout.write(to_csv(cells), ending="")
        elif opts["format"] == "json":
            doc = to_json(header, builds, cells)
            self.stdout.write(json.dumps(doc, indent=1, sort_keys=True))
        else:
            again = f"python manage.py lab {slug} --bouts {opts['bouts']} --seed {seed}"
            if opts["builds"]:
                again += " --builds " + " ".join(b.key for b in builds)
            if not random_starts:
                again += " --fixed-starts"
            self.stdout.write(
                f"{rules.title} {rules.version}: {opts['bouts']:,} bouts per pairing, seed "
                f"{seed}{', random starting squares' if random_starts else ''} ({again}).\n"
            )
            self.stdout.write(to_markdown(builds, cells), ending="")
