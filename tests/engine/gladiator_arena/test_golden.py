"""Gladiator Arena golden replays: stored bouts, fed through the pinned JSON contract
(`from arena.engine import play`), must resolve to exactly the stored log, byte for byte.

Each case is a pair in golden/: `<case>.in.json` (the bout, written by hand) and
`<case>.out.json` (the log, `json.dumps(play(bout), indent=1) + "\\n"`, keys in the engine's
order). Every case is a complete bout (it finishes) and every order in it is legal by
`validate_order`, which a test checks as well.

Regenerate after an intended rules change with:
    python -m tests.engine.gladiator_arena.test_golden
then review the diff and bump the rule set version (docs/rules/gladiator-arena.md).
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest

from arena.engine import play
from arena.engine.rulesets.gladiator_arena import (
    default_order,
    parse_options,
    resolve_turn,
    setup_bout,
    validate_order,
)
from arena.engine.rulesets.gladiator_arena.orders import read_order
from arena.engine.rulesets.gladiator_arena.state import STAY

GOLDEN = Path(__file__).parent / "golden"
CASES = sorted(p.name.removesuffix(".in.json") for p in GOLDEN.glob("*.in.json"))


def _load(case: str) -> dict:
    return json.loads((GOLDEN / f"{case}.in.json").read_text())


def _log(bout: dict) -> str:
    return json.dumps(play(bout), indent=1, sort_keys=False) + "\n"


def assert_replays(case: str) -> None:
    expected = (GOLDEN / f"{case}.out.json").read_text()
    actual = _log(_load(case))
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "stored", "replayed", lineterm=""
        )
        pytest.fail(f"{case} no longer replays as stored:\n" + "\n".join(diff))


def test_duel_kill():
    """Two gladiators, 8x8, a kill that ends the bout (sections 2, 7, 8, 8 b).

    Turn 1: Kaunisto (human axe) steps D4 -> D5 and spends his 2 strikes on E6 and E5, where Pip
    might come; Pip (halfling sword, 1 damage) steps F6 -> F5 and strikes D5 twice from two
    squares away: strikes come after all moves, so both of Pip's land (8 -> 6) and Kaunisto's
    miss. Turn 2: Kaunisto steps next to Pip (E5) and strikes F5 twice (4 + 4 = 8 against
    5 HP); Pip stays and strikes D5 three times, but Kaunisto has left it: miss, miss, miss.
    Pip is struck down at -3 HP, Kaunisto would have killed him alone ("alone", a whole kill)
    and the bout ends with one left."""
    assert_replays("duel_kill")


def test_shared_kill_three():
    """Three gladiators, a shared (fractional) kill, a bump and strikes from the square tried
    (sections 2, 8 b).

    Turn 1: Rick (elf sword, 1 damage, 4 MpT) stands between Aulus (human axe, C4) and Justbec
    (dwarf axe, E4) and strikes each twice; both axes stay and strike D4 with every MpT
    (3 x 4 = 12 and 2 x 5 = 10 against Rick's 7 HP). Both would have killed him alone, so each
    is awarded 1/2 of a kill. Turn 2: Aulus and Justbec both step into D4 and bump back; their
    strikes are made from D4 after paying for the move: Aulus's two at E4 hit Justbec (7 -> -1),
    Justbec's one at C4 hits Aulus (6 -> 1). Aulus ends with 3/2 kills, Justbec 1/2."""
    assert_replays("shared_kill_three")


def test_concession_standoff():
    """Two axes two squares apart, a standoff ended by a concession (section 8 d).

    Turn 1: Kaunisto (human axe, 8 HP, D4) and Rick (elf axe, 7 HP, F4) can only reach each
    other through E4, so both strike E4 with every MpT and nobody steps in: all miss. Turn 2:
    Rick, with less HP and the time limit on, is in a no-win position and concedes
    (`"concede": true`, a kill awarded to the other). The concession pre-empts the turn:
    Kaunisto's strikes at E4 are not carried out, Rick leaves the game with his 7 HP, Kaunisto
    gains the kill and the bout ends by concession."""
    assert_replays("concession_standoff")


def test_tactics_to_the_end():
    """A bout fought entirely by default tactics (options {"tactics": true}, no listed turns)
    until it finishes, on a 6x6 board.

    Aulus (human sword, reach 2) and Justbec (dwarf axe, reach 1) start in opposite corners
    and close in, each walking in the first useful direction in square order (rank by rank
    from A1): Aulus along rank 1, Justbec down file F. Turn 3: Aulus steps to D1 and strikes F3
    twice, where Justbec steps (4 damage, 9 -> 5). Turn 4: Aulus stays for three strikes, F2
    (where Justbec steps), F3 (where he was), F2 (4 damage, 5 -> 1). Turn 5: Justbec steps next
    to Aulus (E2) and hits him for 5 (8 -> 3), but Aulus's strikes at E2 bring him to -3 HP.
    The sword's longer reach wins: Aulus is the last one standing with a whole kill."""
    assert_replays("tactics_to_the_end")


def test_ranged_and_bumps():
    """Catapult splash, bow dead zone, a giant's two-MpT step, halfling double moves, both
    kinds of bump between movers (same square, swap), then tactics to the end (sections 2,
    6, 7).

    Turn 1: Gim (giant sword) steps D4 -> D5 with both MpT while Tuk (halfling sword) moves
    two squares D6 -> D4 into the square Gim left; Pip's catapult at D4 hits Tuk 2 and splashes
    Gim 1 on D5. Turn 2: Gim and Tuk both try D6: both bumped (the halfling back to where he
    stood after the previous turn) and Tuk strikes from D6, the square tried. Turn 3: they try
    to swap squares and meet in between: both bumped. Turn 4 on, tactics finish the bout; on
    turn 11 Pip and Bo kill each other and nobody is left."""
    assert_replays("ranged_and_bumps")


def test_eight_by_tactics():
    """Eight gladiators of every race and weapon, default tactics only, to the end (the
    tactics' orders, which a digest of 5,000 orders once pinned, are all in this log): shared
    kills, catapult splash, bows, and the time limit on turn 15."""
    assert_replays("eight_by_tactics")


def test_time_limit_for_both():
    """Two spears who never act: from turn 15 every third turn both lose 1 HP (8 c), and on
    turn 36 both fall to the time limit together, each losing a kill point: nobody is left."""
    assert_replays("time_limit_for_both")


def test_concede_lose_kill():
    """Two bow elves (a standoff the rules name, 8 d): after one exchange of arrows Eldar
    concedes by losing a kill point rather than awarding one; Elwe's strike that turn is not
    carried out."""
    assert_replays("concede_lose_kill")


def test_every_golden_case_has_a_test():
    expected = [
        "duel_kill",
        "shared_kill_three",
        "concession_standoff",
        "tactics_to_the_end",
        "ranged_and_bumps",
        "eight_by_tactics",
        "time_limit_for_both",
        "concede_lose_kill",
    ]
    assert sorted(expected) == CASES


@pytest.mark.parametrize("case", CASES)
def test_golden_bouts_are_complete(case):
    result = json.loads((GOLDEN / f"{case}.out.json").read_text())
    assert result["result"]["finished"] is True


@pytest.mark.parametrize("case", CASES)
def test_golden_orders_are_legal(case):
    """Every order in the bout, including the default orders of a tactics bout, passes
    validate_order on the state it was given in, and no listed turn is left unplayed."""
    bout = _load(case)
    options = parse_options(bout.get("options"))
    state = setup_bout(options, bout["gladiators"])
    turns = bout.get("turns", [])
    index = 0
    while not state.finished:
        if index < len(turns):
            orders = {n: read_order(state, n, o) for n, o in turns[index].items()}
        elif options.tactics and index < options.max_turns:
            orders = {}
        else:
            break
        if options.tactics:
            for g in state.gladiators:
                if g.alive and g.name not in orders:
                    orders[g.name] = default_order(state, g.name)
        for name, order in orders.items():
            if order == STAY and not state.get(name).alive:
                continue  # an empty order for one removed: harmless, as the turn takes it
            assert validate_order(state, name, order) == (), (index + 1, name, order)
        state, _ = resolve_turn(state, orders)
        index += 1
    assert index >= len(turns), f"turns after {index} are never played"


def regenerate() -> None:
    for case in CASES:
        (GOLDEN / f"{case}.out.json").write_text(_log(_load(case)))


if __name__ == "__main__":
    regenerate()
