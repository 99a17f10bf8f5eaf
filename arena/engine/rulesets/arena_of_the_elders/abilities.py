"""Using an ability ("Ability rules"): ready (known, not cooling down), a target in range and
sight (moves.target_problem), then the cooldown, and what its kind does: an attack rolls to
hit and deals damage with its effects, a heal heals, a buff puts its timed effects on."""

from __future__ import annotations

from arena.engine.core.board import Square
from arena.engine.core.records import replace
from arena.engine.core.turn import Turn
from arena.engine.rulesets.arena_of_the_elders.changes import Changes
from arena.engine.rulesets.arena_of_the_elders.combat import damage_of, hit_modifier, hits, striker
from arena.engine.rulesets.arena_of_the_elders.data import Ability
from arena.engine.rulesets.arena_of_the_elders.effects import on_hit, timed_effects
from arena.engine.rulesets.arena_of_the_elders.events import Fizzled, Used
from arena.engine.rulesets.arena_of_the_elders.health import heal, hurt
from arena.engine.rulesets.arena_of_the_elders.moves import target_problem
from arena.engine.rulesets.arena_of_the_elders.state import Fighter


def use_ability(
    board: Changes, turn: Turn, name: str, key: str, target: Square | None, sure: bool = False
) -> None:
    """The ability `key` at `target` (None: on oneself); one that is not ready or whose
    target is gone fizzles. `sure`: checked ready, in range and in sight on this board
    (turn.activate), so not checked again."""
    if not key:
        return
    f = board.fighter(name)
    ability = f.hero.by_key[key]
    if not sure:
        if ability not in f.known or f.cooldown(ability.key):
            turn.tell(Fizzled(name, ability.name, "not ready"))
            return
        why = target_problem(board, f, ability, f.square, target)
        if why:
            turn.tell(Fizzled(name, ability.name, why))
            return
    on_self = ability.target == "self" or target == f.square
    # Found on the board target_problem read, before the cooldown changes it.
    victim = f if on_self else standing_on(board, target)
    if ability.cooldown:
        cooldowns = [(k, n) for k, n in f.cooldowns if k != ability.key]
        f = replace(f, cooldowns=(*cooldowns, (ability.key, ability.cooldown)))
        board.put(f)
        if on_self:
            victim = f
    if ability.kind == "attack":
        return attack(board, turn, f, victim, ability)
    turn.tell(Used(name, ability.name, victim.name, 0, "", True, False, 0, victim.hp))
    if ability.kind == "heal":
        return heal(board, turn, name, victim.name, ability.heal)
    return timed_effects(board, turn, f, victim.name, ability.effects, ability.duration)


def standing_on(board: Changes, sq: Square | None) -> Fighter:
    for o in board.fighters:
        if o.alive and o.square == sq:
            return o
    raise AssertionError(f"nobody on {sq}")


def attack(board: Changes, turn: Turn, f: Fighter, target: Fighter, ability: Ability) -> None:
    """ "roll a d6 and roll a number within the specified range" (none for an ability that
    always hits); a 6 crits; damage, then the ability's effects on a target still alive."""
    roll, need = 0, ""
    hit, crit = True, False
    attacker = striker(board, f, f.square)
    if ability.hit is not None:
        roll = turn.dice.d6()
        mod = hit_modifier(board, attacker, target)
        low, high = ability.hit
        need = f"{low}-{high}" + (f" {mod:+d}" if mod else "")
        hit = hits(ability, roll, mod)
        crit = roll == 6
    if not hit:
        turn.tell(Used(f.name, ability.name, target.name, roll, need, False, False, 0, target.hp))
        return
    amount = damage_of(attacker, target, ability, crit)
    turn.tell(
        Used(f.name, ability.name, target.name, roll, need, True, crit, amount,
             max(0, target.hp - amount))
    )  # fmt: skip
    hurt(board, turn, target.name, amount, f.name)
    if not board.fighter(target.name).alive:
        return
    on_hit(board, turn, f, target.name, ability.effects)
    timed = tuple([e for e in ability.effects if e in ("slow", "expose")])
    if timed:
        timed_effects(board, turn, f, target.name, timed, ability.duration)
