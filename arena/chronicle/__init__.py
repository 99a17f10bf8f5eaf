"""The weekly chronicle of a campaign: Ludus drafts it from public facts (results, deaths,
upsets, leaders, streaks, the richest stable, rivalries, a spy report), the GM edits and
publishes it, and it goes out like press. Its own app (label "chronicle"), with its own
migrations."""
