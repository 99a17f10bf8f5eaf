"""The option checks every rule set's setup shares (arena/engine/core/options.py)."""

from __future__ import annotations

import pytest

from arena.engine.core.options import board_size, flag, tactic_settings, whole
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


def test_a_flag_is_true_or_false_only():
    assert flag(False, "options.tactics") is False
    for bad in (0, 1, "true", None):
        with pytest.raises(EngineInputError, match="true or false"):
            flag(bad, "options.tactics")


def test_tactics_name_known_settings_with_allowed_values():
    known = {"aggression": ("careful", "bold")}
    assert tactic_settings(None, "gladiators[0].tactics", known) == {}
    assert tactic_settings({"aggression": "bold"}, "t", known) == {"aggression": "bold"}
    for bad, field in (
        ([], "t"),
        ({"luck": "high"}, "t.luck"),
        ({"aggression": "mad"}, "t.aggression"),
    ):
        with pytest.raises(EngineInputError) as refused:
            tactic_settings(bad, "t", known)
        assert refused.value.field == field
