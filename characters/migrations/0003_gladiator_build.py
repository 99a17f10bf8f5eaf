"""The rule set's build document replaces GladiatorQuest's five bonus columns.

Every gladiator keeps its level-up bonuses: the non-zero ones move into build["bonuses"]."""

from django.db import migrations, models

STATS = ("attack", "defend", "movement", "body", "mind")


def bonuses_to_build(apps, schema_editor):
    Gladiator = apps.get_model("characters", "Gladiator")
    for g in Gladiator.objects.all().iterator():
        bonuses = {s: getattr(g, f"bonus_{s}") for s in STATS if getattr(g, f"bonus_{s}")}
        if bonuses:
            g.build = {"bonuses": bonuses}
            g.save(update_fields=["build"])


def build_to_bonuses(apps, schema_editor):
    Gladiator = apps.get_model("characters", "Gladiator")
    for g in Gladiator.objects.all().iterator():
        for stat, points in (g.build or {}).get("bonuses", {}).items():
            setattr(g, f"bonus_{stat}", points)
        g.save()


class Migration(migrations.Migration):
    dependencies = [("characters", "0002_ledger_by_time_index")]

    operations = [
        migrations.AddField(
            model_name="gladiator",
            name="build",
            field=models.JSONField(
                blank=True, default=dict, help_text="The rule set's build document (it validates it)."
            ),
        ),
        migrations.RunPython(bonuses_to_build, build_to_bonuses),
        *[migrations.RemoveField(model_name="gladiator", name=f"bonus_{s}") for s in STATS],
        migrations.AlterField(
            model_name="ledgerline",
            name="cause",
            field=models.CharField(
                choices=[
                    ("bout", "Bout reward"),
                    ("purchase", "Purchase"),
                    ("sale", "Sale"),
                    ("level_up", "Level-up"),
                    ("advance", "Advance"),
                    ("adjustment", "GM adjustment"),
                ],
                max_length=12,
            ),
        ),
    ]
