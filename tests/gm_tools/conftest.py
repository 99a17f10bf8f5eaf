"""The characters tests' fixtures (a real fight) serve the GM tools' tests too."""

from tests.characters.conftest import fight  # noqa: F401
