"""An index for a gladiator's statement and career, newest or oldest first.

The sheet shows the latest lines (ORDER BY created_at DESC, id DESC LIMIT n) and draws the
career from all lines in time order. Without this index PostgreSQL reads every line of the
gladiator and sorts them, and joins the bouts by a full scan; with it, it walks the index and
stops after n rows. Plain SQL (no model state): the model's Meta is owned elsewhere, and
makemigrations --check must stay clean. Built CONCURRENTLY so a large ledger is not locked.
"""

from django.db import migrations


class Migration(migrations.Migration):
    atomic = False

    dependencies = [("characters", "0001_initial")]

    operations = [
        migrations.RunSQL(
            sql=(
                "CREATE INDEX CONCURRENTLY IF NOT EXISTS ledger_by_time "
                "ON characters_ledgerline (gladiator_id, created_at, id)"
            ),
            reverse_sql="DROP INDEX CONCURRENTLY IF EXISTS ledger_by_time",
        )
    ]
