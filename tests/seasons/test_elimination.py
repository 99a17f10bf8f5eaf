"""Elimination brackets as plain data: the published four-entrant double elimination (six
matches, a seventh on a reset), 2n - 2 matches for n, nobody out before two losses, byes to the
top seeds, the reset played only after an upset, and no rematch as the losers drop in."""

from __future__ import annotations

from collections import Counter

import pytest

from arena.seasons.elimination import (
    GRAND_FINAL,
    PENDING,
    RESET,
    From,
    Side,
    champion,
    double_elimination,
    resolve,
    season_rounds,
    single_elimination,
)


def play(matches, pick, upsets=()):
    """Fight the bracket to its end, `pick(first, second)` naming each winner but in the
    matches named in `upsets` (the other side wins); returns the winners by match and the
    pairs that met, in the order fought."""
    won: dict[str, int | None] = {}
    met = []
    while True:
        ready = [s for s in resolve(matches, won).values() if s.fought]
        if not ready:
            return won, met
        for standing in ready:
            a, b = standing.first, standing.second
            chosen = pick(a, b)
            won[standing.match.key] = (
                (a if chosen == b else b) if standing.match.key in upsets else chosen
            )
            met.append((standing.match.key, standing.first, standing.second))


def favourite(a, b):
    return min(a, b)


def underdog(a, b):
    return max(a, b)


def test_four_entrants_is_the_published_bracket():
    # The usual four-team double elimination (Challonge's and the textbook figure): six
    # matches, the grand final's reset a seventh.
    matches = {m.key: m for m in double_elimination(4)}
    assert list(matches) == ["W1.1", "W1.2", "W2.1", "L1.1", "L2.1", GRAND_FINAL, RESET]
    assert (matches["W1.1"].first, matches["W1.1"].second) == (
        Side(From.SEED, 1),
        Side(From.SEED, 4),
    )
    assert (matches["W1.2"].first, matches["W1.2"].second) == (
        Side(From.SEED, 2),
        Side(From.SEED, 3),
    )
    assert (matches["L1.1"].first, matches["L1.1"].second) == (
        Side(From.LOSER, "W1.1"),
        Side(From.LOSER, "W1.2"),
    )
    assert (matches["L2.1"].first, matches["L2.1"].second) == (
        Side(From.LOSER, "W2.1"),
        Side(From.WINNER, "L1.1"),
    )
    assert (matches[GRAND_FINAL].first, matches[GRAND_FINAL].second) == (
        Side(From.WINNER, "W2.1"),
        Side(From.WINNER, "L2.1"),
    )
    assert [matches[k].round for k in matches] == [1, 1, 2, 2, 3, 4, 5]


@pytest.mark.parametrize("entrants", [2, 4, 8, 16])
def test_favourites_play_two_n_minus_two_and_everyone_but_the_champion_loses_twice(entrants):
    matches = double_elimination(entrants)
    won, met = play(matches, favourite)
    assert len(met) == 2 * entrants - 2  # no reset: the winners' champion won the final
    assert champion(matches, won) == 1
    losses = Counter(max(a, b) for _, a, b in met)
    assert losses == {seed: 2 for seed in range(2, entrants + 1)}
    assert season_rounds(matches) == (2 * (entrants.bit_length() - 1) + 1 if entrants > 2 else 3)


def test_an_upset_in_the_grand_final_resets_the_bracket():
    matches = double_elimination(8)
    # Seed 1 loses its first match (to 8), wins the losers' bracket, then beats 2 twice.
    won, met = play(matches, favourite, upsets={"W1.1"})
    assert won["W1.1"] == 8
    finals = [m for m in met if m[0] in (GRAND_FINAL, RESET)]
    assert finals == [(GRAND_FINAL, 2, 1), (RESET, 1, 2)]
    assert len(met) == 2 * 8 - 1
    assert champion(matches, won) == 1


def test_no_reset_when_the_winners_champion_wins_the_final():
    matches = double_elimination(4)
    won = {"W1.1": 1, "W1.2": 2, "W2.1": 1, "L1.1": 3, "L2.1": 2, GRAND_FINAL: 1}
    standing = resolve(matches, won)[RESET]
    assert standing.decided and not standing.fought
    assert (standing.winner, standing.loser) == (1, 2)


def test_without_a_reset_the_grand_final_ends_it():
    matches = double_elimination(4, reset=False)
    won = {"W1.1": 1, "W1.2": 2, "W2.1": 1, "L1.1": 3, "L2.1": 2, GRAND_FINAL: 2}
    assert matches[-1].key == GRAND_FINAL
    assert champion(matches, won) == 2


@pytest.mark.parametrize("entrants", [8, 16])
def test_the_first_losers_to_drop_in_meet_nobody_they_met(entrants):
    # The winners' round two losers drop in reverse order: in order, each would meet at once
    # the gladiator it beat in round one (4 against 5 in an eight).
    for pick in (favourite, underdog):
        _, met = play(double_elimination(entrants), pick)
        before = {frozenset((a, b)) for key, a, b in met if key.startswith(("W1.", "W2.", "L1."))}
        drop_in = [frozenset((a, b)) for key, a, b in met if key.startswith("L2.")]
        assert len(drop_in) == entrants // 4
        assert before.isdisjoint(drop_in), pick.__name__


@pytest.mark.parametrize("entrants", [3, 5, 6])
def test_byes_go_to_the_top_seeds_and_are_never_fought(entrants):
    matches = double_elimination(entrants)
    won, met = play(matches, favourite)
    fought = {seed for _, a, b in met for seed in (a, b)}
    assert fought == set(range(1, entrants + 1))
    assert all(a and b for _, a, b in met)  # nobody meets a bye
    assert champion(matches, won) == 1
    losses = Counter(max(a, b) for _, a, b in met)
    assert losses == {seed: 2 for seed in range(2, entrants + 1)}


def test_a_match_without_a_winner_puts_both_out():
    matches = single_elimination(4)
    standings = resolve(matches, {"W1.1": None, "W1.2": 2})
    final = standings["W2.1"]
    assert (final.first, final.second, final.winner) == (None, 2, 2)
    assert not final.fought


def test_a_match_waits_for_its_sources():
    standings = resolve(single_elimination(4), {"W1.1": 1})
    assert (standings["W2.1"].first, standings["W2.1"].second) == (1, PENDING)
    assert not standings["W2.1"].fought and not standings["W2.1"].decided


def test_single_elimination_seeds_as_the_knockouts_do():
    firsts = [(m.first.ref, m.second.source) for m in single_elimination(6) if m.round == 1]
    assert firsts == [(1, From.BYE), (4, From.SEED), (2, From.BYE), (3, From.SEED)]
