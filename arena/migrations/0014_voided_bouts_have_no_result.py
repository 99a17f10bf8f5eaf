"""Bouts voided before a void cleared their result: no winner, and no entrant's place, fate or
count of opponents defeated (arena/void.py does it for every void since). Their logs keep the
fight as it happened."""

from django.db import migrations


def clear_voided_results(apps, schema_editor):
    Bout = apps.get_model("arena", "Bout")
    BoutEntrant = apps.get_model("arena", "BoutEntrant")
    Bout.objects.filter(status="voided").update(winner="")
    BoutEntrant.objects.filter(bout__status="voided").update(place=None, fate="", defeated=0)


class Migration(migrations.Migration):
    dependencies = [("arena", "0013_odds_questions")]

    operations = [migrations.RunPython(clear_voided_results, migrations.RunPython.noop)]
