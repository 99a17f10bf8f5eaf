"""Knockout tournaments: brackets, their progress as bouts are decided, and their pages
and API (seasons are their own package, arena/seasons/)."""
