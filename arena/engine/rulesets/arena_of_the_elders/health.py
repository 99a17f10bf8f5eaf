"""Health: damage, healing, death ("when your character's health is less than 1 remove them
from the board"), the killer's levels and the return from the dead."""

from __future__ import annotations

from arena.engine.core.records import replace
from arena.engine.core.turn import Turn
from arena.engine.rulesets.arena_of_the_elders.changes import Changes
from arena.engine.rulesets.arena_of_the_elders.data import MAX_LEVEL
from arena.engine.rulesets.arena_of_the_elders.events import (
    Burned,
    Died,
    Healed,
    LevelGained,
    PoisonHurt,
    Respawned,
)
from arena.engine.rulesets.arena_of_the_elders.flag import drop_flag
from arena.engine.rulesets.arena_of_the_elders.state import Fighter
from arena.engine.rulesets.arena_of_the_elders.victory import check_victory


def hurt(board: Changes, turn: Turn, name: str, amount: int, by: str, how: str = "") -> None:
    """`name` takes `amount` damage from `by` (a character's name); `how` is "fire" or
    "poison" for the damage that tells its own event."""
    f = board.fighter(name)
    hp = f.hp - amount
    board.put(replace(f, hp=hp))
    if how == "fire":
        turn.tell(Burned(name, amount, max(0, hp)))
    elif how == "poison":
        turn.tell(PoisonHurt(name, amount, max(0, hp)))
    if hp < 1:
        knockout(board, turn, name, by)


def heal(board: Changes, turn: Turn, by: str, name: str, amount: int) -> None:
    """ "remove damage from them equal to the amount"; a healed character is no longer on
    fire, poisoned or stunned. A character sitting out this turn for a stun acts in it after
    all, when its activation comes."""
    target = board.fighter(name)
    cleansed = tuple(
        word
        for word, on in (
            ("on fire", target.burning),
            ("poisoned", target.poisoned),
            ("stunned", target.stunned or target.skipping),
        )
        if on
    )
    hp = min(target.max_health, target.hp + amount)
    board.put(
        replace(
            target,
            hp=hp,
            burning="",
            poisoned="",
            poison_turns=0,
            stunned=False,
            skipping=False,
        )
    )
    turn.tell(Healed(name, by, hp - target.hp, hp, cleansed))


def knockout(board: Changes, turn: Turn, name: str, by: str) -> None:
    """ "remove them from the board"; the killer "gain[s] levels equal to their level" (at
    most 6); a flag bearer drops the flag where it stood; then the mode's victory."""
    f = board.fighter(name)
    board.put(
        replace(
            f,
            hp=0,
            alive=False,
            deaths=f.deaths + 1,
            respawn_in=board.options.respawn_wait,
            burning="",
            poisoned="",
            poison_turns=0,
            stunned=False,
            skipping=False,
            effects=(),
        )
    )
    turn.tell(Died(name, by, f.deaths + 1))
    drop_flag(board, turn, f)
    killer = board.get(by) if by else None
    if killer is not None and killer.team != f.team:
        level = min(MAX_LEVEL, killer.level + f.level)
        board.put(replace(killer, kills=killer.kills + 1, level=level))
        if level != killer.level:
            turn.tell(LevelGained(killer.name, level, "kill"))
    check_victory(board, turn)


def respawn(board: Changes, turn: Turn, f: Fighter) -> None:
    """ "place that character back in the starting zone" with full health: the first free
    square of the zone; none free, it waits for the next turn."""
    taken = {o.square for o in board.fighters if o.alive}
    for sq in board.arena.starts[f.team]:
        if sq not in taken:
            turn.tell(Respawned(f.name, str(sq)))
            board.put(replace(f, alive=True, hp=f.max_health, square=sq))
            return
