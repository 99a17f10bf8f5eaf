from django.db import migrations

# Once a bout is decided (resolved, or resolved then voided) its record is history: an UPDATE
# that changes its engine input, log, rule set version or a digest already taken (an empty one
# may be filled, as migration 0005 did), or takes it back out of decided, is refused by PostgreSQL itself, whoever sends it: the app, a data migration, a
# shell. docs/decisions/0054-history-kept-by-the-database.md.
#
# The legitimate writers all write before the bout is decided, in the same UPDATE that decides
# it (arena/results.py bout_store_log and bout_resolve, arena/play_by_web.py, arena/mercy.py,
# arena/verdicts.py); voiding (arena/void.py) changes the status only. A deliberate repair is
# `ALTER TABLE arena_bout DISABLE TRIGGER bout_history_kept` in its own transaction, by the
# table's owner, on purpose and in words.
FUNCTION = """
CREATE FUNCTION arena_bout_history_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.engine_input IS DISTINCT FROM OLD.engine_input
        OR NEW.log IS DISTINCT FROM OLD.log
        OR NEW.ruleset_version IS DISTINCT FROM OLD.ruleset_version
        OR (OLD.input_digest <> '' AND NEW.input_digest IS DISTINCT FROM OLD.input_digest)
        OR (OLD.log_digest <> '' AND NEW.log_digest IS DISTINCT FROM OLD.log_digest) THEN
        RAISE EXCEPTION 'bout % is decided (%): its stored engine input and log are history '
            'and may not be changed', OLD.id, OLD.status
            USING ERRCODE = 'integrity_constraint_violation',
                  HINT = 'verify_history replays stored bouts; an upgrade must not rewrite them.';
    END IF;
    IF NOT (NEW.status = 'voided' OR (OLD.status = 'resolved' AND NEW.status = 'resolved')) THEN
        RAISE EXCEPTION 'bout % is decided (%): it may become voided, nothing else (not %)',
            OLD.id, OLD.status, NEW.status
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END;
$$;
"""

TRIGGER = """
CREATE TRIGGER bout_history_kept
    BEFORE UPDATE ON arena_bout
    FOR EACH ROW
    WHEN (OLD.status IN ('resolved', 'voided'))
    EXECUTE FUNCTION arena_bout_history_kept();
"""


class Migration(migrations.Migration):
    dependencies = [("arena", "0018_merge_seasons_ratings")]

    operations = [
        migrations.RunSQL(
            FUNCTION + TRIGGER,
            reverse_sql="DROP TRIGGER bout_history_kept ON arena_bout; "
            "DROP FUNCTION arena_bout_history_kept();",
        )
    ]
