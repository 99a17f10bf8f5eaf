"""Play-by-web bouts keep the rule set's state after each turn; running bouts get theirs by one
last replay of their stored orders."""

from django.db import migrations, models


def store_running_states(apps, schema_editor):
    from arena.engine import ruleset
    from arena.engine.core.protocol import dice_for
    from arena.engine.core.ruleset import read_orders

    Bout = apps.get_model("arena", "Bout")
    for bout in Bout.objects.filter(status="running", mode="orders").iterator():
        rules = ruleset(bout.ruleset)
        state, dice = rules.setup(bout.engine_input), dice_for(bout.engine_input)
        for raw in bout.engine_input.get("turns") or []:
            state, _ = rules.apply(state, read_orders(rules, state, raw or {}), dice)
        bout.state = {"state": rules.to_json(state), "dice": dice.to_json()}
        bout.save(update_fields=["state"])


class Migration(migrations.Migration):
    dependencies = [("arena", "0003_play_by_web")]

    operations = [
        migrations.AddField(
            model_name="bout",
            name="state",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.RunPython(store_running_states, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="boutentrant",
            name="fate",
            field=models.CharField(
                blank=True,
                choices=[
                    ("", "Not fought yet"),
                    ("survived", "Survived"),
                    ("defeated", "Defeated"),
                    ("killed", "Killed"),
                    ("mercy", "Granted mercy"),
                    ("withdrew", "Withdrew"),
                ],
                default="",
                max_length=10,
            ),
        ),
    ]
