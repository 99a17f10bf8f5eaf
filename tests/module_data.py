"""Data built once for a whole test module, for the modules that run hundreds of cases against
one world (the permission matrix, the bounds and the API fuzzer).

A module-scoped fixture builds its rows inside `module_data()`: one transaction, open for the
whole module and rolled back at its end. Each test still runs in pytest-django's own
transaction, which, nested in this one, is a savepoint: whatever a test changes is rolled back
before the next one, and the module's rows are there again, as built. A module that does this
hands its tests fresh model instances read by primary key (an instance one test changed in
memory must not reach the next), and runs no `transactional_db` test (its table flush would
empty the module's rows).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import override_settings

from tests.conftest import FAST_HASHERS, PASSWORD


@contextmanager
def module_data(django_db_blocker) -> Iterator[None]:
    """Open the module's transaction; roll it back when the block ends."""
    with (
        django_db_blocker.unblock(),
        # tests/conftest.py's `_test_settings` is function-scoped, not yet in force here.
        override_settings(PASSWORD_HASHERS=FAST_HASHERS),
        transaction.atomic(),
    ):
        yield
        transaction.set_rollback(True)


def make_users(*names: str) -> dict[str, int]:
    """A user for each persona name, as tests/conftest.py's `make_user` makes them: their ids."""
    model = get_user_model()
    return {name: model.objects.create_user(username=name, password=PASSWORD).pk for name in names}


def user(pk: int):
    """A fresh instance of a module's user."""
    return get_user_model().objects.get(pk=pk)
