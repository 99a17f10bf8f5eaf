"""The option checks every rule set's setup shares (arena/engine/core/options.py)."""

from __future__ import annotations

import pytest

from arena.engine.core.options import board_size, whole
from arena.engine.errors import EngineInputError


@pytest.mark.parametrize("value", [True, 1.5, "3", 0, 11, None])
def test_a_whole_number_outside_its_range_or_of_another_kind_is_refused(value):
    with pytest.raises(EngineInputError, match="a whole number from 1 to 10") as refused:
        whole(value, "options.max_turns", 1, 10)
    assert refused.value.field == "options.max_turns"


def test_a_board_is_files_by_ranks_within_what_the_core_draws():
    assert board_size([8, 6], smallest=2) == (8, 6)
    for bad in ([8], "8x8", [1, 8], [27, 8], [8, 100]):
        with pytest.raises(EngineInputError) as refused:
            board_size(bad, smallest=2)
        assert refused.value.field == "options.board"
