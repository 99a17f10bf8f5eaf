"""Bouts: scheduling, resolution by the worker, results and payouts, voids, ratings, the
replay and the report, and the bout pages and API."""
