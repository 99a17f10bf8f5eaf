"""Property tests draw the same examples on every run (tests/conftest.py, record 0108)."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings


@pytest.mark.skipif(
    os.environ.get("HYPOTHESIS_PROFILE", "fixed") != "fixed", reason="another profile asked for"
)
def test_the_suite_draws_fixed_examples_with_no_example_database():
    assert settings.default.derandomize is True
    assert settings.default.database is None
