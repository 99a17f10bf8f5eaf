"""Default tactics: the plan the engine writes for a player who gives none.

Three settings, kept as data on each counter (campaign.TACTICS offers them):
* research: which tech levels it tries to raise, in order (WISHES);
* aggression: "aggressive" closes in on the nearest enemy and fires; "cautious" first holds
  back a tick per movement point, letting others come (the text's "deliberately holding back
  waiting for others to move first"), then closes in;
* gamble: "safe" tries one level at a time, "bold" two (more dice, each needing more).

Whatever the research setting, a counter whose best round (max fire power x firing rate)
cannot beat the nearest enemy's repair rate raises its fire power first (`outgun`): two
machines that repair faster than they can hurt each other would otherwise play to the round
limit.

Every tactics plan closes in and fires once for each shot of its firing rate, fires back
when attacked, interrupts anyone who comes into range and steps out of range when it has the
initiative.
"""

from __future__ import annotations

from arena.engine.rulesets.sudden_destruction.data import ATTRIBUTES, MAX_LEVEL, raise_problem
from arena.engine.rulesets.sudden_destruction.orders import ANY, WAIT, Action, Plan, Tech, Verb
from arena.engine.rulesets.sudden_destruction.state import Machine, State

# (attribute, level wanted) in the order a research setting pursues them; once all are met,
# every attribute is raised in ATTRIBUTES order up to the limits.
WISHES: dict[str, tuple[tuple[str, int], ...]] = {
    "balanced": (
        ("accuracy", 2),
        ("max_fire", 2),
        ("range", 1),
        ("hit_points", 2),
        ("accuracy", 4),
        ("initiative", 1),
        ("movement", 2),
        ("max_fire", 3),
        ("min_fire", 1),
        ("hit_points", 3),
        ("accuracy", 6),
        ("firing_rate", 2),
        ("range", 2),
        ("repair", 1),
    ),
    "firepower": (
        ("accuracy", 2),
        ("max_fire", 2),
        ("accuracy", 4),
        ("max_fire", 3),
        ("min_fire", 1),
        ("accuracy", 6),
        ("max_fire", 5),
        ("min_fire", 3),
        ("accuracy", 9),
        ("max_fire", 9),
        ("min_fire", 9),
    ),
    # Hit points only; repair once hit points are at the top.
    "hull": (("hit_points", 9), ("repair", 9)),
    "speed": (
        ("initiative", 2),
        ("movement", 2),
        ("range", 2),
        ("accuracy", 2),
        ("initiative", 4),
        ("max_fire", 2),
        ("movement", 3),
        ("accuracy", 4),
    ),
}


# Each research setting's whole list, made once: its wishes, then (but for "hull") every
# attribute up to the limits.
PURSUED: dict[str, tuple[tuple[str, int], ...]] = {
    research: wishes + (() if research == "hull" else tuple((a, MAX_LEVEL) for a in ATTRIBUTES))
    for research, wishes in WISHES.items()
}


# The actions every plan uses, made once (an Action is frozen: one object serves them all).
FIRE_ANY = Action(Verb.FIRE, ANY)


# What a counter that cannot outgun its enemy's repairs raises, in this order, up to the limits.
OUTGUN: tuple[tuple[str, int], ...] = (("max_fire", MAX_LEVEL), ("firing_rate", MAX_LEVEL))


def best_round(m: Machine) -> int:
    """The most damage `m` can deal in one round: every shot a hit at max fire power."""
    return m.levels.max_fire * m.levels.firing_rate


def outgun(m: Machine, enemy: Machine | None) -> bool:
    """Whether `m` must raise its fire power first: even its best round would be repaired by
    `enemy` in the same round."""
    return enemy is not None and best_round(m) <= enemy.levels.repair


def tech_choice(m: Machine, enemy: Machine | None = None) -> Tech | None:
    """The next tech attempt: fire power first when `m` cannot outgun `enemy` (the nearest),
    else the research setting's list."""
    step = 2 if m.tactics.gamble == "bold" else 1
    levels = m.levels
    pursued = PURSUED.get(m.tactics.research, PURSUED["balanced"])
    if outgun(m, enemy):
        pursued = OUTGUN + pursued
    for attribute, wanted in pursued:
        current = levels.get(attribute)
        if current >= wanted:
            continue
        for target in range(min(wanted, current + step), current, -1):
            if raise_problem(levels, attribute, target) is None:
                return Tech(attribute, target)
    return None


def nearest_enemy(state: State, m: Machine) -> Machine | None:
    enemies = [o for o in state.living if o.name != m.name]
    if not enemies:
        return None
    return min(enemies, key=lambda o: (m.square.manhattan(o.square), o.hp_left, o.seat))


def default_plan(state: State, who: str) -> Plan:
    m = state.get(who)
    if m is None or not m.alive:
        return Plan()
    target = nearest_enemy(state, m)
    tech = tech_choice(m, target)
    moves, shots = m.levels.movement, m.levels.firing_rate
    if tech is not None and tech.attribute == "movement":
        moves = tech.level
    if tech is not None and tech.attribute == "firing_rate":
        shots = tech.level
    actions: list[Action] = []
    if m.tactics.aggression == "cautious":
        actions += [WAIT] * moves
    if target is not None:
        # Close in (a close keeps stepping until the target is in range or the movement is
        # spent), then fire; once for each shot, so that a target that evades is closed on
        # again. Every enemy that comes into range on the way is interrupted.
        actions += [Action(Verb.CLOSE, target.name), FIRE_ANY] * max(1, shots)
    return Plan(tech=tech, actions=tuple(actions), interrupt=ANY, return_fire=True, evade=True)
