"""The end of a bout: "The winner is the last player left on the board", settled in RULINGS.md
for counters destroyed in the same round, and the round limit that bounds every bout."""

from __future__ import annotations

from arena.engine.rulesets.sudden_destruction.events import Finished
from arena.engine.rulesets.sudden_destruction.round import Round
from arena.engine.rulesets.sudden_destruction.state import State


def bout_end(turn: Round) -> State:
    """The state after the round (its counters frozen): the bout is over when fewer than two
    counters are left or the round limit is reached."""
    state = turn.state()
    living = state.living
    if len(living) >= 2 and state.round < state.options.max_rounds:
        return state
    winner = winner_of(state)
    if len(living) == 1:
        reason = f"{winner} is the last on the board"
    elif living:
        reason = f"the round limit ({state.round}) is reached: a tie"
    elif winner:
        reason = f"all destroyed in round {state.round}; {winner} has the highest initiative"
    else:
        reason = f"all destroyed in round {state.round} with equal initiative: a tie"
    turn.tell(Finished(winner or "", reason))
    return state._replace(finished=True)


def winner_of(state: State) -> str | None:
    """The last counter on the board; if the last ones were all destroyed in the same round,
    the one of them with the highest initiative; None for a tie (or while it goes on)."""
    living = state.living
    if len(living) == 1:
        return living[0].name
    if living:
        return None
    last = max((m.destroyed_in for m in state.machines), default=0)
    final = [m for m in state.machines if m.destroyed_in == last]
    top = max(m.levels.initiative for m in final)
    best = [m for m in final if m.levels.initiative == top]
    return best[0].name if len(best) == 1 else None
