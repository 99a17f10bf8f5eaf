"""Odds of a bout, a preview's, and the fair fights found for a gladiator."""
