"""Seasons: a campaign's league over weeks (docs/seasons.md). The pairing rules and the table
are plain functions over plain data (berger, swiss, table); the models, the services the GM
and the worker call, and the pages and API are the package's other modules."""
