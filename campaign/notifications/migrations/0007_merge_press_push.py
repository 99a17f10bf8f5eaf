from django.db import migrations


class Migration(migrations.Migration):
    """Press and web push were built side by side on 0005; this joins the two lines."""

    dependencies = [
        ("notifications", "0006_alter_event_kind"),
        ("notifications", "0006_web_push"),
    ]

    operations = []
