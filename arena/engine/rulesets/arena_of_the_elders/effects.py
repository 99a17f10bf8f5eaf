"""Fire, poison, stun and the timed effects ("Duration rules"): how an ability puts them on a
character, and what they do at the start of its team's turn."""

from __future__ import annotations

from arena.engine.core.records import replace
from arena.engine.core.turn import Turn
from arena.engine.rulesets.arena_of_the_elders.changes import Changes
from arena.engine.rulesets.arena_of_the_elders.data import ON_HIT
from arena.engine.rulesets.arena_of_the_elders.events import Affected, Skipped
from arena.engine.rulesets.arena_of_the_elders.health import heal, hurt
from arena.engine.rulesets.arena_of_the_elders.state import Fighter, with_timed


def on_hit(board: Changes, turn: Turn, by: Fighter, name: str, kinds: tuple[str, ...]) -> None:
    """An attack's effects on the character it hit: it is set on fire (not when fireproof,
    and it goes out at once in water), poisoned, stunned; the character is changed once,
    with all of them."""
    target = board.fighter(name)
    changes: dict[str, object] = {}
    if "fire" in kinds and not target.has("fireproof") and target.square not in board.arena.water:
        changes["burning"] = by.name
        turn.tell(Affected(name, "fire", by.name))
    if "poison" in kinds:
        if not target.poisoned:
            changes["poison_turns"] = 0
        changes["poisoned"] = by.name
        turn.tell(Affected(name, "poison", by.name))
    if "stun" in kinds:
        changes["stunned"] = True
        turn.tell(Affected(name, "stun", by.name))
    if changes:
        board.put(replace(target, **changes))


def timed_effects(
    board: Changes, turn: Turn, by: Fighter, name: str, kinds: tuple[str, ...], duration: int
) -> None:
    """ "for x turns": the effects that last, counted down on the caster's team's turns."""
    timed = tuple([kind for kind in kinds if kind not in ON_HIT])
    for kind in timed:
        turn.tell(Affected(name, kind, by.name, duration))
    board.put(with_timed(board.fighter(name), by, timed, duration))


def count_down(board: Changes, team: int) -> None:
    """The start of `team`'s turn: its characters' cooldowns, and every effect its team cast,
    go down by one; those at their last turn end."""
    for f in board.fighters:
        if not f.cooldowns and not f.effects:
            continue  # nothing counts down
        cooldowns = f.cooldowns
        if f.team == team:
            cooldowns = tuple([(k, n - 1) for k, n in f.cooldowns if n > 1])
        effects = tuple(
            [
                replace(e, left=e.left - 1) if e.team == team else e
                for e in f.effects
                if not (e.team == team and e.left <= 1)
            ]
        )
        if cooldowns != f.cooldowns or effects != f.effects:
            board.put(replace(f, cooldowns=cooldowns, effects=effects))


def burn(board: Changes, turn: Turn, f: Fighter) -> None:
    """ "at the beginning of the turn each character that's on fire takes one damage"."""
    hurt(board, turn, f.name, 1, f.burning, "fire")


def poison(board: Changes, turn: Turn, f: Fighter) -> None:
    """ "at the beginning of every other turn after initially being poisoned a character
    that's poisoned takes 1 damage"."""
    ticks = f.poison_turns + 1
    board.put(replace(f, poison_turns=ticks))
    hurt(board, turn, f.name, 1 if ticks % 2 == 0 else 0, f.poisoned, "poison")


def regenerate(board: Changes, turn: Turn, f: Fighter) -> None:
    """The Regenerate passive: 1 health at the start of each of its turns."""
    heal(board, turn, f.name, f.name, 1)


def stun(board: Changes, turn: Turn, f: Fighter) -> None:
    """ "characters that are stunned cannot move or use an ability during the turn after
    they were stunned": it sits this turn out."""
    turn.tell(Skipped(f.name))
    board.put(replace(f, stunned=False, skipping=True))
