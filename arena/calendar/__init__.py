"""The calendar: each user's private feed of the bouts and turns that concern them."""
