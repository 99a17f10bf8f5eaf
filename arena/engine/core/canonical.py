"""The canonical form of a JSON document, and its SHA-256: what Ludus hashes when it commits to a
bout or seals an order (docs/verification.md).

Canonical JSON here is `json.dumps(doc, sort_keys=True, separators=(",", ":"),
ensure_ascii=False, allow_nan=False)` encoded as UTF-8: keys sorted, no spaces, non-ASCII
characters as themselves. Any language's JSON library can produce the same bytes; a stored
document (PostgreSQL's jsonb keeps no key order) hashes the same as the one first written.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical(doc: Any) -> bytes:
    """The document's canonical bytes (ValueError for NaN or infinity, which JSON lacks)."""
    return json.dumps(
        doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def digest(doc: Any) -> str:
    """SHA-256 of the canonical bytes, as 64 lowercase hex digits."""
    return hashlib.sha256(canonical(doc)).hexdigest()
