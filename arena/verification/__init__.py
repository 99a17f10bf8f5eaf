"""Bouts anyone can verify: commitments, digests, sealed orders, and history replayed after
an upgrade."""
