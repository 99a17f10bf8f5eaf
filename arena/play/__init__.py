"""Play by web: open bouts, entries and picks, orders (drafts, checks, previews), turns
resolved one at a time, reminders, and their pages and API."""
