"""Bouts anyone can verify (docs/verification.md). Additive: new columns and one new table.

Existing rows get what can still honestly be computed:
- bouts not fought yet (scheduled, or open for entries) commit to their terms now, before the
  fight; an open bout also draws a random seed (they were all opened with seed 0);
- bouts already running or decided get no commitment (they were scheduled before commitments
  existed, and their page says so), but their engine input and log get their digests;
- orders of a running bout's current turn are sealed now (salt and receipt), before they are
  revealed; orders of resolved turns were revealed already and stay unsealed.
The canonical form and the terms are written out here rather than imported, so this migration
keeps meaning what it meant when later code changes.
"""

import hashlib
import json
import secrets

from django.db import migrations, models
import django.db.models.deletion
from django.conf import settings


def _digest(doc):
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def fill(apps, schema_editor):
    from arena.engine import EngineInputError, ruleset

    Bout = apps.get_model("arena", "Bout")
    TurnOrder = apps.get_model("arena", "TurnOrder")
    for bout in Bout.objects.iterator(chunk_size=200):
        fields = []
        if bout.status in ("scheduled", "open"):
            try:
                version = ruleset(bout.ruleset).version
            except EngineInputError:
                version = None  # a rule set this server no longer has: nothing to promise
            if version is not None:
                if bout.status == "open":
                    bout.seed = secrets.randbits(48)
                    fields.append("seed")
                bout.terms = {
                    "bout": bout.pk, "mode": bout.mode, "nonce": secrets.token_hex(32),
                    "options": bout.options, "ruleset": bout.ruleset, "seed": bout.seed,
                    "version": version,
                }  # fmt: skip
                bout.commitment = _digest(bout.terms)
                fields += ["terms", "commitment"]
        if bout.engine_input is not None:
            bout.input_digest = _digest(bout.engine_input)
            fields.append("input_digest")
        if bout.log is not None:
            bout.log_digest = _digest(bout.log)
            fields.append("log_digest")
        if fields:
            bout.save(update_fields=fields)
        if bout.status == "running":
            pending = TurnOrder.objects.filter(bout=bout, turn=bout.turn).select_related(
                "entrant__gladiator"
            )
            for order in pending:
                order.salt = secrets.token_hex(16)
                order.receipt = _digest(
                    {
                        "bout": bout.pk, "gladiator": order.entrant.gladiator.name,
                        "order": order.order, "salt": order.salt, "standing": order.standing,
                        "turn": order.turn,
                    }
                )  # fmt: skip
                order.save(update_fields=["salt", "receipt"])


class Migration(migrations.Migration):
    dependencies = [
        ("arena", "0004_bout_state"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="bout", name="terms", field=models.JSONField(blank=True, null=True)
        ),
        migrations.AddField(
            model_name="bout", name="commitment", field=models.CharField(blank=True, max_length=64)
        ),
        migrations.AddField(
            model_name="bout",
            name="input_digest",
            field=models.CharField(blank=True, max_length=64),
        ),
        migrations.AddField(
            model_name="bout", name="log_digest", field=models.CharField(blank=True, max_length=64)
        ),
        migrations.AddField(
            model_name="turnorder", name="salt", field=models.CharField(blank=True, max_length=32)
        ),
        migrations.AddField(
            model_name="turnorder",
            name="receipt",
            field=models.CharField(blank=True, max_length=64),
        ),
        migrations.CreateModel(
            name="BoutVerification",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("requested_at", models.DateTimeField(auto_now_add=True)),
                ("finished_at", models.DateTimeField(blank=True, null=True)),
                (
                    "outcome",
                    models.CharField(
                        choices=[
                            ("pending", "Checking"),
                            ("match", "Everything matches"),
                            ("mismatch", "Something does not match"),
                            ("error", "The check could not run"),
                        ],
                        default="pending",
                        max_length=10,
                    ),
                ),
                ("checks", models.JSONField(blank=True, default=list)),
                (
                    "bout",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="verifications",
                        to="arena.bout",
                    ),
                ),
                (
                    "requested_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["-requested_at", "-id"],
                "indexes": [
                    models.Index(fields=["bout", "-requested_at"], name="verifications_of_bout")
                ],
            },
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
