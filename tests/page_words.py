"""A page's words without the random runs every response carries (a CSRF token, a CSP
nonce: base64 of 16 to 64 characters), which may hold a short word such as a square's name
by chance: for tests that assert a page does not show something."""

from __future__ import annotations

import re

# The alphabets of base64 and base64url, at least 20 long (a CSP nonce is 22).
_RANDOM_RUN = r"[A-Za-z0-9+/=_-]{20,}"


def words_of(content: str) -> str:
    return re.sub(_RANDOM_RUN, "", content)


def words_of_bytes(content: bytes) -> bytes:
    return re.sub(_RANDOM_RUN.encode(), b"", content)
