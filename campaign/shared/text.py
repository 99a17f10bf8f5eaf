"""The one cleaning of people's text: every form, serializer and service that stores a name,
a title, a description or a reason passes it through `text_clean` (docs/security.md).

What it does, in order:
1. NFKC normalisation: a full-width "Ｖａｒｒｏ" is "Varro", a ligature "ﬁ" is "fi".
2. Refuses, in words: bidirectional controls (a right-to-left override makes "ocsid.exe" read
   as "exe.disco"), other control characters (NUL, escape ...; tab and newline only in
   multi-line text), lone surrogates and code points Unicode does not define.
3. Removes invisible format characters (zero-width space, BOM, word joiner, soft hyphen, tags),
   except a zero-width joiner or non-joiner between two visible characters: emoji sequences
   and Persian or Indic spelling need them.
4. Strips the ends and collapses runs of spaces (single-line text keeps one line).
5. Refuses text with no visible character left, and text longer than its limit.

Names go further (`name_clean`): they may not mix Latin letters with Cyrillic or Greek ones in
one word ("Vаrro" with a Cyrillic а), and `name_skeleton` folds look-alikes so that "unique in
the campaign" means unique to the eye, not to the byte (a small table of the confusables that
matter for names written in Latin, Cyrillic and Greek; not Unicode TR39's whole list).
"""

from __future__ import annotations

import re
import unicodedata

from campaign.shared.errors import LudusError

# Bidirectional formatting: embeddings, overrides, isolates and the implicit marks.
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
JOINERS = frozenset("\u200c\u200d")
# Letters and symbols that draw nothing: Hangul fillers, the blank Braille pattern.
BLANK_GLYPHS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
VISIBLE_CATEGORIES = ("L", "N", "P", "S")
MIXED_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")


class TextRefused(ValueError):
    """The text cannot be stored as it is; the message says why, in words."""


def _category(char: str) -> str:
    return unicodedata.category(char)


def _is_visible(char: str) -> bool:
    return _category(char)[0] in VISIBLE_CATEGORIES and char not in BLANK_GLYPHS


def text_clean(
    value: object,
    *,
    label: str = "The text",
    max_length: int,
    multiline: bool = False,
    required: bool = True,
) -> str:
    """`value` cleaned as described above, or TextRefused saying why."""
    if not isinstance(value, str):
        raise TextRefused(f"{label} must be text.")
    if len(value) > 4 * max_length + 64:  # not worth normalising: it cannot end up short enough
        raise TextRefused(f"{label} is {len(value):,} characters long; at most {max_length:,}.")
    text = unicodedata.normalize("NFKC", value)
    kept: list[str] = []
    for n, char in enumerate(text):
        category = _category(char)
        if char in BIDI_CONTROLS:
            raise TextRefused(
                f"{label} contains a right-to-left or left-to-right control character "
                f"(U+{ord(char):04X}): it changes how the text reads, so it is not allowed."
            )
        if category == "Cc":
            if multiline and char in "\n\t":
                kept.append(char)
            elif multiline and char == "\r":
                continue  # \r\n and \r become \n below
            elif char in "\t\n\r":
                kept.append(" ")
            else:
                raise TextRefused(f"{label} contains a control character (U+{ord(char):04X}).")
        elif category == "Cs":
            raise TextRefused(f"{label} contains a broken character (a lone surrogate).")
        elif category == "Cn":
            raise TextRefused(
                f"{label} contains a character Unicode does not define (U+{ord(char):04X})."
            )
        elif category == "Cf":
            before = text[n - 1] if n else ""
            after = text[n + 1] if n + 1 < len(text) else ""
            if char in JOINERS and before and after and _is_visible(before) and _is_visible(after):
                kept.append(char)
            # any other invisible format character is dropped
        elif category in ("Zl", "Zp"):
            kept.append("\n" if multiline else " ")
        else:
            kept.append(char)
    text = "".join(kept)
    if multiline:
        text = "\n".join(re.sub(r"[^\S\n]+", " ", line).strip() for line in text.split("\n"))
        text = re.sub(r"\n{3,}", "\n\n", text).strip()
    else:
        text = re.sub(r"\s+", " ", text).strip()
    if not any(_is_visible(char) for char in text):
        if required:
            raise TextRefused(f"{label} needs at least one visible character.")
        return ""
    if len(text) > max_length:
        raise TextRefused(f"{label} is {len(text):,} characters long; at most {max_length:,}.")
    return text


def text_input(
    value: object,
    *,
    field: str | None,
    label: str,
    max_length: int,
    multiline: bool = False,
    required: bool = True,
    lead: str = "",
) -> str:
    """`text_clean` for a service's input: a refusal is a LudusError naming `field`, its words
    after `lead` ("Say why: ")."""
    try:
        return text_clean(
            value, label=label, max_length=max_length, multiline=multiline, required=required
        )
    except TextRefused as refused:
        raise LudusError(f"{lead}{refused}", field=field) from None


def name_input(value: object, *, field: str | None, label: str, max_length: int) -> str:
    """`name_clean` for a service's input: a refusal is a LudusError naming `field`."""
    try:
        return name_clean(value, label=label, max_length=max_length)
    except TextRefused as refused:
        raise LudusError(str(refused), field=field) from None


def _script(char: str) -> str:
    name = unicodedata.name(char, "")
    return name.split(" ", 1)[0] if name else ""


def name_clean(value: object, *, label: str = "The name", max_length: int) -> str:
    """A name: text_clean on one line, and no word mixing Latin, Cyrillic and Greek letters."""
    name = text_clean(value, label=label, max_length=max_length)
    for word in name.split(" "):
        scripts = {_script(c) for c in word if c.isalpha()} & set(MIXED_SCRIPTS)
        if len(scripts) > 1:
            mixed = " and ".join(s.title() for s in sorted(scripts))
            raise TextRefused(
                f"{label} mixes {mixed} letters in {word!r}: they look alike, so a name must "
                "keep to one alphabet in each word."
            )
    return name


# Look-alikes folded to the Latin letter they imitate, after casefolding. Sources: Unicode
# TR39 confusables for the Cyrillic and Greek letters that pass for Latin ones, and the
# digits people swap for letters.
_CONFUSABLES = {
    # Cyrillic
    "а": "a", "в": "b", "с": "c", "ԁ": "d", "е": "e", "ё": "e", "һ": "h", "і": "i", "ї": "i",
    "ј": "j", "к": "k", "ӏ": "l", "м": "m", "н": "h", "о": "o", "р": "p", "ԛ": "q", "г": "r",
    "ѕ": "s", "т": "t", "ц": "u", "ѵ": "v", "ԝ": "w", "х": "x", "у": "y", "з": "3", "ь": "b",
    "п": "n", "и": "u", "ӡ": "3",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ω": "w", "μ": "u", "ς": "s", "σ": "o",
    # Latin letters that pass for others, and digits for letters
    "ı": "i", "ſ": "s", "ɑ": "a", "ɡ": "g", "0": "o", "1": "l", "|": "l", "5": "s",
}  # fmt: skip
_FOLD = str.maketrans(_CONFUSABLES)
_SEPARATORS = re.compile(r"[\s\-_.'’`]+")


def name_skeleton(name: str) -> str:
    """What a name looks like: case, accents, separators and look-alike letters folded away.
    Two names with one skeleton cannot be told apart at a glance."""
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name).casefold())
    bare = "".join(
        c for c in decomposed if not unicodedata.combining(c) and unicodedata.category(c) != "Cf"
    )
    folded = bare.translate(_FOLD).replace("rn", "m").replace("vv", "w")
    return _SEPARATORS.sub("", folded)
