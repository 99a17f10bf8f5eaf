"""The balance lab: many bouts simulated on the worker in chunks, and their results."""
