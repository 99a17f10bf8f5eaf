"""What if: a decided bout fought again with one change (docs/chronicle.md)."""
