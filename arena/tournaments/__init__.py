"""The knockouts' old addresses: a knockout is a `knockout` season (arena/seasons/); these
pages, API paths and the task still answer for it (docs/tournaments.md, decision 0098)."""
