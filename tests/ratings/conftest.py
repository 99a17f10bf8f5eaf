"""The ratings tests fight real bouts with the characters tests' fixture."""

from tests.characters.conftest import fight  # noqa: F401
