from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('arena', '0025_season_fixture_postponed'),
    ]

    operations = [
        migrations.AddField(
            model_name='season',
            name='old_tournament_id',
            field=models.PositiveIntegerField(blank=True, null=True, unique=True),
        ),
    ]
