"""A campaign's search box: gladiators, bouts and press found by PostgreSQL's full-text search,
each only as far as the reader may see it."""
