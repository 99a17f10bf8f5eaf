"""Every knockout tournament becomes a `knockout` season (docs/decisions/0091 and 0098), in
this migration's transaction: nothing is carried unless everything is.

- The season: the title, options, seeding (its seed kept for a random draw only, the seasons'
  rule), `starts_at` as round one's time, `round_minutes`, the status and its times, the
  creator, and the tournament's id in `old_tournament_id` (its addresses keep answering).
- Its entries keep their seeds.
- Each match with two entrants becomes the fixture `W<round>.<slot + 1>` (board `slot + 1`);
  a bye stays in the bracket and is no fixture.
- A match won by its bout keeps the bout; "no winner" is no result, and the higher seed goes
  on, as a season's bracket reads it. Where the tournament moved on otherwise (a walkover,
  the higher seed unable to fight on, a bout voided after it was decided), the fixture is a
  forfeit won by the side that went on, so the bracket is exactly the tournament's.
- A running tournament's rounds: the rounds fully decided are played, and so is the round
  after them. A match waiting to be fought again (its bout cancelled, or none yet) is put
  off to its round's time, so the next round call schedules it.

The arithmetic is written out here rather than imported: a migration is history, and the
code it would import may change.
"""

from datetime import timedelta

from django.db import migrations

LIVE = ("open", "scheduled", "running", "verdict")
WALKOVER, NO_WINNER, BOUT = "walkover", "no_winner", "bout"


def _rounds(entrants):
    size = 1
    while size < entrants:
        size *= 2
    return size.bit_length() - 1


def _decided_rounds(matches, rounds):
    """How many rounds, from the first, have every match decided."""
    decided = 0
    for number in range(1, rounds + 1):
        if any(m.winner_id is None for m in matches if m.round == number):
            break
        decided = number
    return decided


def _fixture(Fixture, season, match, entry_of, round_at, running):
    first, second = entry_of[match.first_id], entry_of[match.second_id]
    fixture = Fixture(
        season=season,
        round=match.round,
        board=match.slot + 1,
        first=first,
        second=second,
        match=f"W{match.round}.{match.slot + 1}",
    )
    bout = match.bout
    if match.winner_id is None:
        if running and (bout is None or bout.status not in LIVE):
            fixture.postponed_until = round_at
            fixture.postponed = (
                "its bout was cancelled: fought again at the next round call"
                if bout is not None
                else "not fought yet: fought at the next round call"
            )
        elif not running and bout is None:
            fixture.outcome = "none"
            fixture.forfeit = f"The knockout {season.title} was cancelled."[:200]
        else:
            fixture.bout = bout
        return fixture
    won_first = match.winner_id == match.first_id
    winner, loser = (first, second) if won_first else (second, first)
    higher_went_on = winner.seed < loser.seed
    if match.decided_by == BOUT and bout is not None and bout.status == "resolved":
        fixture.bout = bout  # the bout places the winner strictly better: it reads the same
    elif match.decided_by == NO_WINNER and higher_went_on:
        fixture.bout = bout
        fixture.outcome = "none"
        fixture.forfeit = "No winner: the higher seed goes on."
    else:
        fixture.outcome = "first" if won_first else "second"
        fixture.forfeit = (
            f"{loser.gladiator.name} could not fight: a walkover."
            if match.decided_by == WALKOVER
            else f"No winner: {winner.gladiator.name} went on in the knockout."
        )[:200]
    return fixture


def carry(apps, schema_editor):
    Tournament = apps.get_model("arena", "Tournament")
    Season = apps.get_model("arena", "Season")
    SeasonEntry = apps.get_model("arena", "SeasonEntry")
    SeasonFixture = apps.get_model("arena", "SeasonFixture")
    tournaments = Tournament.objects.order_by("pk")
    for tournament in tournaments:
        entries = list(tournament.entries.select_related("gladiator").order_by("seed"))
        matches = list(
            tournament.matches.select_related("bout").order_by("round", "slot")
        )
        rounds = _rounds(len(entries))
        running = tournament.status == "running"
        played = min(_decided_rounds(matches, rounds) + 1, rounds)
        spacing = timedelta(minutes=tournament.round_minutes)
        season = Season.objects.create(
            campaign_id=tournament.campaign_id,
            title=tournament.title,
            format="knockout",
            rounds=rounds,
            first_round_at=tournament.starts_at,
            round_minutes=tournament.round_minutes,
            seeding=tournament.seeding,
            seed=tournament.seed if tournament.seeding == "random" else None,
            options=tournament.options,
            mode="tactics",
            status=tournament.status,
            rounds_played=played,
            next_round_at=(
                tournament.starts_at + spacing * played if running and played < rounds else None
            ),
            created_by_id=tournament.created_by_id,
            finished_at=tournament.finished_at,
            old_tournament_id=tournament.pk,
        )
        # created_at is stamped on insert; the knockout's own time is put back.
        Season.objects.filter(pk=season.pk).update(created_at=tournament.created_at)
        carried = SeasonEntry.objects.bulk_create(
            SeasonEntry(season=season, gladiator_id=e.gladiator_id, seed=e.seed) for e in entries
        )
        by_seed = {e.seed: e for e in carried}
        for entry, old in zip(carried, entries, strict=True):
            entry.gladiator = old.gladiator
        entry_of = {old.pk: by_seed[old.seed] for old in entries}
        SeasonFixture.objects.bulk_create(
            _fixture(
                SeasonFixture,
                season,
                match,
                entry_of,
                tournament.starts_at + spacing * (match.round - 1),
                running,
            )
            for match in matches
            if match.first_id is not None and match.second_id is not None
        )
    if tournaments.exists():
        # Seasons opened from now on take ids above every carried tournament's, so a
        # tournament address never names two knockouts of a campaign.
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(
                "SELECT setval(pg_get_serial_sequence('arena_season', 'id'), GREATEST("
                "(SELECT MAX(id) FROM arena_season), (SELECT MAX(id) FROM arena_tournament)))"
            )


class Migration(migrations.Migration):

    dependencies = [
        ('arena', '0026_season_old_tournament_id'),
    ]

    operations = [
        # Undone, the seasons stay: the tournaments' tables come back empty (0028 reversed).
        migrations.RunPython(carry, migrations.RunPython.noop),
    ]
