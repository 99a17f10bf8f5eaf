"""Careers read across bouts: a gladiator's record against each opponent (head to head) and
the campaign's hall of fame. Plain functions over plain rows (records.py) do the counting;
the selectors read the rows once; the pages and the API only show them."""
