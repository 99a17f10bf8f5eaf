from django.db import migrations


class Migration(migrations.Migration):
    """Seasons and ratings were built side by side on 0015; this joins the two lines."""

    dependencies = [
        ("arena", "0016_seasons"),
        ("arena", "0017_knockout_seeding_by_rating"),
    ]

    operations = []
