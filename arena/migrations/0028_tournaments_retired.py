"""The tournaments' own tables go: every knockout is a knockout season now (0027 carried
them). `Tournament` stays as a proxy of the knockout seasons (docs/decisions/0098)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('arena', '0027_tournaments_into_seasons'),
    ]

    operations = [
        migrations.DeleteModel(name='TournamentMatch'),
        migrations.DeleteModel(name='TournamentEntry'),
        migrations.DeleteModel(name='Tournament'),
        migrations.CreateModel(
            name='Tournament',
            fields=[],
            options={
                'proxy': True,
                'indexes': [],
                'constraints': [],
            },
            bases=('arena.season',),
        ),
    ]
