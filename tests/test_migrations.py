from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_models_and_migrations_agree():
    """A model change without its migration fails here instead of in production."""
    out = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
