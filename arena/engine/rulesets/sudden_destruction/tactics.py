"""Default tactics: the plan the engine writes for a player who gives none.

Three settings, kept as data on each counter (campaign.TACTICS offers them):
* research: which tech levels it tries to raise, in order (WISHES);
* aggression: "aggressive" closes in on the nearest enemy and fires; "cautious" first holds
  back a tick per movement point, letting others come (the text's "deliberately holding back
  waiting for others to move first"), then closes in;
* gamble: "safe" tries one level at a time, "bold" two (more dice, each needing more).

Whatever the research setting, a counter that cannot beat the nearest enemy's repair rate
raises its gun first (`outgun`): fire power, then firing rate, when even its best round (max
fire power x firing rate) would be repaired; accuracy to 4 before those when only its
average round (hit chance x mean fire power x firing rate) would be. Two machines that repair
about as fast as they hurt each other would otherwise play on for tens of rounds with nothing
left to decide.

Every tactics plan attacks the nearest enemy (one `attack` action: it closes in and fires
until its firing is spent), fires back when attacked and interrupts anyone who comes into
range. A counter steps out of range when attacked (if it has the initiative) only when it is
cautious or outranges the enemy; otherwise it stands and fires back, so that a fight is
decided rather than danced.
"""

from __future__ import annotations

from functools import lru_cache

from arena.engine.rulesets.sudden_destruction.data import (
    ATTRIBUTES,
    MAX_LEVEL,
    Levels,
    raise_problem,
)
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


# What a counter raises before its research setting's list when the nearest enemy's repairs
# would undo its rounds (each up to the level given): when even its best round would be
# repaired, its fire power and then its firing rate; when only its average round would be,
# its accuracy to 4 (a hit one shot in two) first.
OUTGUN_BEST: tuple[tuple[str, int], ...] = (("max_fire", MAX_LEVEL), ("firing_rate", MAX_LEVEL))
OUTGUN_AVERAGE: tuple[tuple[str, int], ...] = (("accuracy", 4), *OUTGUN_BEST)


def best_round(levels: Levels) -> int:
    """The most damage a counter at `levels` can deal in one round: every shot a hit at max
    fire power."""
    return levels.max_fire * levels.firing_rate


def average_round(levels: Levels) -> float:
    """The damage a counter at `levels` deals in a round on average: a shot hits when the d10
    (0-9) shows at most its accuracy, for the mean of its fire power."""
    return (levels.accuracy + 1) / 10 * (levels.min_fire + levels.max_fire) / 2 * levels.firing_rate


def outgun(levels: Levels, repair: int | None) -> tuple[tuple[str, int], ...]:
    """What a counter at `levels` must raise first to outgun an enemy's `repair` rate
    (nothing when it does, or when there is no enemy)."""
    if repair is None:
        return ()
    if best_round(levels) <= repair:
        return OUTGUN_BEST
    if average_round(levels) <= repair:
        return OUTGUN_AVERAGE
    return ()


@lru_cache(maxsize=4096)
def next_raise(
    levels: Levels, first: tuple[tuple[str, int], ...], research: str, gamble: str
) -> Tech | None:
    """The first attempt the wishes `first`, then the research setting's list, leave to make
    from `levels` (one level at a time when "safe", two when "bold"). Counters of a run meet
    the same levels again and again, so each is worked out once."""
    step = 2 if gamble == "bold" else 1
    for attribute, wanted in first + PURSUED.get(research, PURSUED["balanced"]):
        current = levels.get(attribute)
        if current >= wanted:
            continue
        for target in range(min(wanted, current + step), current, -1):
            if raise_problem(levels, attribute, target) is None:
                return Tech(attribute, target)
    return None


def nearest_enemy(state: State, m: Machine) -> Machine | None:
    """The enemy the plan attacks: the nearest on the board, then the weakest, then by seat."""
    nearest = min(
        ((m.square.manhattan(o.square), o.hp_left, o.seat) for o in state.machines
         if o.alive and o.seat != m.seat),
        default=None,
    )  # fmt: skip
    return None if nearest is None else state.machines[nearest[-1]]


def default_plan(state: State, who: str) -> Plan:
    m = state.get(who)
    if m is None or not m.alive:
        return Plan()
    target = nearest_enemy(state, m)
    t = m.tactics
    if target is None:
        return plan_for(m.levels, t.research, t.aggression, t.gamble, None, None, None)
    enemy = target.levels
    return plan_for(
        m.levels, t.research, t.aggression, t.gamble, target.name, enemy.repair, enemy.range
    )


@lru_cache(maxsize=4096)
def plan_for(
    levels: Levels,
    research: str,
    aggression: str,
    gamble: str,
    target: str | None,
    repair: int | None,
    reach: int | None,
) -> Plan:
    """The plan of a counter at `levels` with these settings against the nearest enemy
    (`target`, whose repair rate and range are all the plan reads of it; None: no enemy left).
    A pure function of plain data: the counters of a run meet the same levels and the same
    enemies round after round, so each plan is worked out once."""
    tech = next_raise(levels, outgun(levels, repair), research, gamble)
    cautious = aggression == "cautious"
    actions: list[Action] = []
    if cautious:
        moves = levels.movement
        if tech is not None and tech.attribute == "movement":
            moves = tech.level
        actions += [WAIT] * moves
    if target is not None:
        # One action for the whole fight: it closes in, fires while the target is in range and
        # closes again on a target that stepped away. Every enemy that comes into range on the
        # way is interrupted.
        actions.append(Action(Verb.ATTACK, target))
    # It steps out of range when attacked if it is cautious, or if it outranges the enemy (it
    # can still fire from beyond the enemy's reach); otherwise it stands and fires back.
    outranges = reach is not None and levels.range > reach
    return Plan(
        tech=tech,
        actions=tuple(actions),
        interrupt=ANY,
        return_fire=True,
        evade=cautious or outranges,
    )
