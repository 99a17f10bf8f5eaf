"""Which pack each seat holds: the pure passing rule, against the engine's own draft."""

from __future__ import annotations

from arena.engine.rulesets.gladiator_101.packs import draft, event_pack
from characters.pack_hands import hand, origin


def test_each_pack_passes_to_the_next_seat():
    assert [origin(seat, 0, 4) for seat in range(4)] == [0, 1, 2, 3]
    assert [origin(seat, 1, 4) for seat in range(4)] == [3, 0, 1, 2]
    assert [origin(seat, 5, 4) for seat in range(4)] == [3, 0, 1, 2]


def test_the_hands_are_those_of_the_engines_draft():
    """The engine's draft(), pick by pick, saw the same hands the incremental rule gives."""
    players = ["a", "b", "c"]
    seen = []

    def choose(player, in_hand, picked):
        seen.append((players.index(player), len(picked), list(in_hand)))
        return in_hand[-1]  # a pick that differs from the auto-pick, to test the passing

    _, log = draft(players, 77, choose)
    packs = [event_pack(77, seat, 0) for seat in range(3)]
    picks = {(players.index(p.player), p.round): p.feat for p in log}
    for seat, pick, in_hand in seen:
        assert hand(packs, picks, seat, pick) == in_hand
