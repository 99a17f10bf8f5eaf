"""Free text (a gladiator's name) made literal in a forum post's markup, for every rule set's
GM post: whatever a player names a gladiator, it shows as typed and opens no tag or block."""

from __future__ import annotations

import re

_MARKDOWN_SPECIAL = re.compile(r"([!-/:-@\[-`{-~])")
# BBCode has no escape character: a zero-width space after every "[" keeps a name like
# "[b]" or "[/list]" from reading as a tag while it still shows as typed.
_ZWSP = "\u200b"


def one_line(text: str) -> str:
    """Free text on one line: a newline (or any run of whitespace) in a name becomes a space,
    so a name can't end a list item or start a new block."""
    return " ".join(text.split())


def escape_markdown(text: str) -> str:
    """`text` as literal Markdown: every ASCII punctuation character backslash-escaped."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", one_line(text))


def escape_bbcode(text: str) -> str:
    """`text` as literal BBCode: no "[" in it can open (or close) a tag."""
    return one_line(text).replace("[", "[" + _ZWSP)
