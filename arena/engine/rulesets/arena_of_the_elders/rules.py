"""Resolution: the preparation, a team's turn, and everything between (docs/rules/
arena-of-the-elders.md has each rule with the text it comes from).

A step is the preparation or one team's whole turn. After it, the next team's turn begins at
once (returns, cooldowns and durations, fire, poison, stun), so the board a player orders from
is the board they will act on. A turn in which no player's character can act (all house, dead
or stunned) is played by the tactics within the same step.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from arena.engine.core.board import Square
from arena.engine.core.dice import Dice
from arena.engine.core.events import Event
from arena.engine.rulesets.arena_of_the_elders import tactics
from arena.engine.rulesets.arena_of_the_elders.combat import damage_of, hit_modifier, hits
from arena.engine.rulesets.arena_of_the_elders.data import MAX_LEVEL, ON_HIT
from arena.engine.rulesets.arena_of_the_elders.events import (
    Affected,
    Burned,
    Died,
    Doused,
    Finished,
    Fizzled,
    FlagEvent,
    Healed,
    KingNamed,
    LevelGained,
    Moved,
    PoisonHurt,
    Respawned,
    RolledOff,
    Skipped,
    TurnBegan,
    Used,
)
from arena.engine.rulesets.arena_of_the_elders.moves import speed_of, step_problem, target_problem
from arena.engine.rulesets.arena_of_the_elders.orders import (
    COMPETITIVE_LEVELS,
    Activation,
    Preparation,
)
from arena.engine.rulesets.arena_of_the_elders.state import (
    DRAW,
    OVER,
    PLAY,
    TEAMS,
    Fighter,
    Flag,
    State,
    with_timed,
)


def waiting_for(state: State) -> tuple[str, ...]:
    """The characters whose orders the next step waits for: in the preparation every
    player's character; in a turn the acting team's players' characters that can act, and
    its stunned ones while a teammate can act: "they are no longer stunned if they are
    healed", so a heal earlier in the turn lets them act in it."""
    if state.phase == OVER:
        return ()
    if state.phase != PLAY:
        return tuple(f.name for f in state.fighters if not f.house)
    living = [f for f in state.fighters if f.team == state.acting and f.alive]
    if not any(not f.skipping for f in living):
        return ()
    return tuple(f.name for f in living if not f.house)


class Work:
    """The bout while a step resolves: the state so far and what has happened. A changed
    character goes back into one list of the characters, kept with the step; the whole
    State is made again only when it is read after a change, not at every change."""

    __slots__ = ("_fighters", "_place", "_stale", "_state", "dice", "events")

    def __init__(self, state: State, dice: Dice) -> None:
        self._state = state
        self._fighters = list(state.fighters)
        self._place = {f.name: n for n, f in enumerate(state.fighters)}
        self._stale = False
        self.dice = dice
        self.events: list[Event] = []

    @property
    def state(self) -> State:
        if self._stale:
            self._state = replace(self._state, fighters=tuple(self._fighters))
            self._stale = False
        return self._state

    @state.setter
    def state(self, state: State) -> None:
        self._state = state
        self._fighters = list(state.fighters)
        self._stale = False

    def get(self, name: str) -> Fighter:
        return self._fighters[self._place[name]]

    def put(self, f: Fighter) -> None:
        self._fighters[self._place[f.name]] = f
        self._stale = True

    def say(self, event: Event) -> None:
        self.events.append(event)

    @property
    def over(self) -> bool:
        return self._state.phase == OVER  # only a new State changes the phase


# -- the preparation ----------------------------------------------------------------------


def resolve_preparation(
    state: State, sheets: Mapping[str, Preparation], dice: Dice
) -> tuple[State, list[Event]]:
    """Sheets, kings, competitive levels, then "each team rolls a d6 the team with a higher
    roll will go first" (again on a tie), and the first turn begins."""
    w = Work(state, dice)
    for f in state.fighters:
        sheet = sheets.get(f.name) if not f.house else None
        if sheet is None:
            sheet = tactics.preparation(state, f.name)
        if sheet.choice:
            w.put(replace(w.get(f.name), choice=sheet.choice))
        sheets = {**sheets, f.name: sheet}
    options = state.options
    if options.mode == "king":
        kings = []
        for team in (0, 1):
            members = state.team(team)
            claimed = [f for f in members if sheets[f.name].king]
            king = claimed[0] if claimed else tactics.default_king(members)
            kings.append(king.name)
            w.say(KingNamed(TEAMS[team], "" if options.competitive else king.name))
        w.state = replace(w.state, kings=(kings[0], kings[1]))
    if options.competitive:
        for team in (0, 1):
            _distribute(w, team, sheets)
    while True:
        red, blue = dice.d6(), dice.d6()
        first = 0 if red > blue else 1
        w.say(RolledOff(red, blue, TEAMS[first] if red != blue else "nobody (again)"))
        if red != blue:
            break
    if options.mode == "flag":
        homes = state.arena.flag_homes
        w.state = replace(w.state, flags=(Flag(homes[0]), Flag(homes[1])))
    w.state = replace(w.state, phase=PLAY, first=first, turn=0)
    begin_turn(w, first)
    advance(w)
    return replace(w.state, steps=state.steps + 1), w.events


def _distribute(w: Work, team: int, sheets: Mapping[str, Preparation]) -> None:
    """Competitive: "you may distribute 8 levels between all of your characters". Asked-for
    levels are granted in the team's order while the 8 last; the tactics place the rest."""
    pool = COMPETITIVE_LEVELS
    gained: dict[str, int] = {}
    for f in w.state.team(team):
        give = min(sheets[f.name].levels, pool, MAX_LEVEL - f.level)
        gained[f.name] = give
        pool -= give
    while pool > 0:
        members = [f for f in w.state.team(team) if f.level + gained[f.name] < MAX_LEVEL]
        if not members:
            break
        low = min(members, key=lambda f: (f.level + gained[f.name], f.seat))
        gained[low.name] += 1
        pool -= 1
    for f in w.state.team(team):
        if gained[f.name]:
            w.put(replace(f, level=f.level + gained[f.name]))
            w.say(LevelGained(f.name, f.level + gained[f.name], "competitive"))


# -- a team's turn --------------------------------------------------------------------------


def resolve_turn(
    state: State, acts: Mapping[str, Activation], dice: Dice
) -> tuple[State, list[Event]]:
    """The acting team's turn with these activations (a player's character without one does
    nothing; house characters follow the tactics), then on to the next turn that needs an
    order."""
    w = Work(state, dice)
    play_turn(w, acts)
    advance(w)
    return replace(w.state, steps=state.steps + 1), w.events


def advance(w: Work) -> None:
    """Play every turn no player acts in, until one does or the bout is over."""
    while not w.over and not waiting_for(w.state):
        play_turn(w, {})


def play_turn(w: Work, acts: Mapping[str, Activation]) -> None:
    team = w.state.acting
    _level_up(w, team, acts)
    for name in _sequence(w.state, team, acts):
        if w.over:
            return
        f = w.get(name)
        if not f.alive or f.skipping:
            continue
        act = acts.get(name)
        if act is None and not f.house:
            continue  # a player's character with no order stays where it is
        if act is None or act.auto:
            act = tactics.activation(w.state, name)
        activate(w, name, act)
    if not w.over:
        end_turn(w, team)


def _sequence(state: State, team: int, acts: Mapping[str, Activation]) -> list[str]:
    """ "In any order, but no two actions can take place simultaneously": those given a place
    first, in that order; the rest in the team's order."""
    members = state.team(team)
    placed = sorted(
        (f for f in members if f.name in acts and acts[f.name].at),
        key=lambda f: (acts[f.name].at, f.seat),
    )
    rest = [f for f in members if f not in placed]
    return [f.name for f in placed + rest]


def _level_up(w: Work, team: int, acts: Mapping[str, Activation]) -> None:
    """ "At the beginning of each of your turns one character of your choice gains one
    level" (none when all are at 6)."""
    members = [f for f in w.state.team(team) if f.level < MAX_LEVEL]
    if not members:
        return
    chosen = [f for f in members if f.name in acts and acts[f.name].level_up]
    pick = chosen[0] if chosen else tactics.level_pick(w.state, members)
    w.put(replace(pick, level=pick.level + 1))
    w.say(LevelGained(pick.name, pick.level + 1, "turn"))


def begin_turn(w: Work, team: int) -> None:
    """The start of a team's turn: its dead return when due, its cooldowns and durations
    count down, fire and poison hurt, the stunned sit it out."""
    turn = w.state.turn + 1
    w.state = replace(w.state, turn=turn, acting=team)
    w.say(TurnBegan(TEAMS[team], turn))
    for f in w.state.team(team):
        if not f.alive and f.respawn_in == 0:
            _respawn(w, f)
    for f in w.state.fighters:
        cooldowns = f.cooldowns
        if f.team == team:
            cooldowns = tuple((k, n - 1) for k, n in f.cooldowns if n > 1)
        effects = tuple(
            replace(e, left=e.left - 1) if e.team == team else e
            for e in f.effects
            if not (e.team == team and e.left <= 1)
        )
        if cooldowns != f.cooldowns or effects != f.effects:
            w.put(replace(f, cooldowns=cooldowns, effects=effects))
    for name in [f.name for f in w.state.team(team)]:
        f = w.get(name)
        if f.alive and f.burning:
            _hurt(w, f, 1, f.burning, "fire")
        f = w.get(name)
        if f.alive and f.poisoned:
            ticks = f.poison_turns + 1
            f = replace(f, poison_turns=ticks)
            w.put(f)
            # "at the beginning of every other turn after initially being poisoned"
            _hurt(w, f, 1 if ticks % 2 == 0 else 0, f.poisoned, "poison")
        f = w.get(name)
        if f.alive and f.has("regenerate") and f.hp < f.hero.health:
            _heal(w, f, f, 1)
        f = w.get(name)
        if f.alive and f.stunned:
            w.put(replace(f, stunned=False, skipping=True))
            w.say(Skipped(f.name))
        if w.over:
            return


def end_turn(w: Work, team: int) -> None:
    for f in w.state.team(team):
        if not f.alive and f.respawn_in > 0:
            w.put(replace(f, respawn_in=f.respawn_in - 1))
        elif f.skipping:
            w.put(replace(f, skipping=False))
    if w.state.turn >= 2 * w.state.options.rounds:
        _finish_at_limit(w)
        return
    begin_turn(w, 1 - team)


def _respawn(w: Work, f: Fighter) -> None:
    """ "place that character back in the starting zone" with full health: the first free
    square of the zone; none free, it waits for the next turn."""
    taken = {o.square for o in w.state.fighters if o.alive}
    for sq in w.state.arena.starts[f.team]:
        if sq not in taken:
            w.put(replace(f, alive=True, hp=f.hero.health, square=sq))
            w.say(Respawned(f.name, str(sq)))
            return


# -- an activation --------------------------------------------------------------------------


def activate(w: Work, name: str, act: Activation) -> None:
    """ "Each character can be used once during each of your turns": its move and its
    ability, in either order."""
    if act.ability_first:
        _use(w, name, act.ability, act.target)
        if not w.over and w.get(name).alive:
            _move(w, name, act.path)
    else:
        _move(w, name, act.path)
        if not w.over and w.get(name).alive:
            _use(w, name, act.ability, act.target)


def _move(w: Work, name: str, path: tuple[Square, ...]) -> None:
    if not path:
        return
    f = w.get(name)
    from_square = f.square
    speed = speed_of(w.state, f)
    spent, lines = 0, 0
    walked: list[Square] = []
    why = ""
    here = from_square  # the character is put on its square once, where the move ends
    for sq in path:
        why, spent, lines = step_problem(w.state, w.get(name), here, sq, spent, lines, speed)
        if why:
            break
        walked.append(sq)
        here = sq
        _enter(w, name, sq)
        if w.over:
            break
    # "you may move through spaces with allied characters on them but not end your movement
    # on them": back along the path to the last free square.
    taken = {o.square for o in w.state.fighters if o.alive and o.name != name}
    while walked and walked[-1] in taken:
        walked.pop()
        why = why or "an ally stands on the last square"
    end = walked[-1] if walked else from_square
    f = w.get(name)
    if f.square != end:
        w.put(replace(f, square=end))
    w.say(Moved(name, tuple(str(s) for s in walked), str(end), why))


def _enter(w: Work, name: str, sq: Square) -> None:
    """Entering a square: water puts out fire; in capture the flag, flags are taken,
    returned and scored."""
    f = w.get(name)
    if sq in w.state.arena.water and f.burning:
        w.put(replace(f, burning=""))
        w.say(Doused(name))
    if w.state.options.mode == "flag":
        _flags(w, name, sq)


def _flags(w: Work, name: str, sq: Square) -> None:
    state = w.state
    f = w.get(name)
    homes = state.arena.flag_homes
    flags = list(state.flags)
    for team in (0, 1):
        flag = flags[team]
        if flag.square != sq:
            continue
        if team == f.team:
            # "if a character touches their own flag it is immediately returned"
            if sq != homes[team]:
                flags[team] = Flag(homes[team])
                w.say(FlagEvent(TEAMS[team], "returned", name))
        elif not any(fl.carrier == name for fl in flags):
            # "If a character moves onto a space that a flag is occupying, they are now
            # carrying it and the flag no longer occupies any space."
            flags[team] = Flag(None, name)
            w.say(FlagEvent(TEAMS[team], "taken", name))
    enemy = 1 - f.team
    captures = state.captures
    if flags[enemy].carrier == name and sq in state.arena.flag_zones[f.team]:
        # "If a flag bearer enters their own flag zone return the flag to its own flag zone
        # and the team ... now counts as having captured the flag one additional time."
        flags[enemy] = Flag(homes[enemy])
        counts = list(captures)
        counts[f.team] += 1
        captures = (counts[0], counts[1])
        w.put(replace(f, captures=f.captures + 1))
        w.say(FlagEvent(TEAMS[enemy], "captured", name, str(sq), captures[f.team]))
    if (flags[0], flags[1]) != state.flags or captures != state.captures:
        w.state = replace(w.state, flags=(flags[0], flags[1]), captures=captures)
    if captures != state.captures:
        _check_end(w)


def _use(w: Work, name: str, key: str, target: Square | None) -> None:
    if not key:
        return
    f = w.get(name)
    ability = f.hero.named(key)
    assert ability is not None
    if ability not in f.known or f.cooldown(ability.key):
        w.say(Fizzled(name, ability.name, "not ready"))
        return
    why = target_problem(w.state, f, ability, f.square, target)
    if why:
        w.say(Fizzled(name, ability.name, why))
        return
    on_self = ability.target == "self" or target == f.square
    # Found on the state target_problem read, before the cooldown changes it.
    other = None if on_self else _at(w.state, target)
    if ability.cooldown:
        cooldowns = tuple((k, n) for k, n in f.cooldowns if k != ability.key)
        f = replace(f, cooldowns=(*cooldowns, (ability.key, ability.cooldown)))
        w.put(f)
    victim = f if other is None else other
    if ability.kind == "attack":
        _attack(w, f, victim, ability)
    elif ability.kind == "heal":
        w.say(Used(name, ability.name, victim.name, 0, "", True, False, 0, victim.hp))
        _heal(w, f, victim, ability.heal)
    else:
        w.say(Used(name, ability.name, victim.name, 0, "", True, False, 0, victim.hp))
        _timed(w, f, victim, ability.effects, ability.duration)


def _at(state: State, sq: Square | None) -> Fighter:
    for o in state.fighters:
        if o.alive and o.square == sq:
            return o
    raise AssertionError(f"nobody on {sq}")


def _attack(w: Work, f: Fighter, target: Fighter, ability) -> None:
    roll, need = 0, ""
    hit, crit = True, False
    if ability.hit is not None:
        roll = w.dice.d6()
        mod = hit_modifier(w.state, f, target, f.square)
        low, high = ability.hit
        need = f"{low}-{high}" + (f" {mod:+d}" if mod else "")
        hit = hits(ability, roll, mod)
        crit = roll == 6
    if not hit:
        w.say(Used(f.name, ability.name, target.name, roll, need, False, False, 0, target.hp))
        return
    amount = damage_of(w.state, f, f.square, target, ability, crit)
    w.say(
        Used(f.name, ability.name, target.name, roll, need, True, crit, amount,
             max(0, target.hp - amount))
    )  # fmt: skip
    _hurt(w, target, amount, f.name, "")
    target = w.get(target.name)
    if not target.alive:
        return
    effects = set(ability.effects)
    changes: dict[str, object] = {}  # the target is copied once, with all of them
    if "fire" in effects and not target.has("fireproof"):
        if target.square in w.state.arena.water:
            pass  # it stands in water: the fire goes out at once
        else:
            changes["burning"] = f.name
            w.say(Affected(target.name, "fire", f.name))
    if "poison" in effects:
        if not target.poisoned:
            changes["poison_turns"] = 0
        changes["poisoned"] = f.name
        w.say(Affected(target.name, "poison", f.name))
    if "stun" in effects:
        changes["stunned"] = True
        w.say(Affected(target.name, "stun", f.name))
    if changes:
        target = replace(target, **changes)
        w.put(target)
    timed = tuple(e for e in ability.effects if e in ("slow", "expose"))
    if timed:
        _timed(w, f, target, timed, ability.duration)


def _timed(w: Work, by: Fighter, target: Fighter, kinds, duration: int) -> None:
    timed = tuple(kind for kind in kinds if kind not in ON_HIT)
    for kind in timed:
        w.say(Affected(target.name, kind, by.name, duration))
    w.put(with_timed(w.get(target.name), by, timed, duration))


def _heal(w: Work, by: Fighter, target: Fighter, amount: int) -> None:
    """ "remove damage from them equal to the amount"; a healed character is no longer on
    fire, poisoned or stunned."""
    target = w.get(target.name)
    cleansed = tuple(
        word
        for word, on in (
            ("on fire", target.burning),
            ("poisoned", target.poisoned),
            ("stunned", target.stunned or target.skipping),
        )
        if on
    )
    hp = min(target.hero.health, target.hp + amount)
    # A character sitting out this turn for a stun acts in it after all, when its
    # activation comes.
    w.put(
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
    w.say(Healed(target.name, by.name, hp - target.hp, hp, cleansed))


def _hurt(w: Work, f: Fighter, amount: int, by: str, how: str) -> None:
    f = w.get(f.name)
    hp = f.hp - amount
    w.put(replace(f, hp=hp))
    if how == "fire":
        w.say(Burned(f.name, amount, max(0, hp)))
    elif how == "poison":
        w.say(PoisonHurt(f.name, amount, max(0, hp)))
    if hp < 1:
        _die(w, f.name, by)


def _die(w: Work, name: str, by: str) -> None:
    """ "when your character's health is less than 1 remove them from the board"; the killer
    "gain[s] levels equal to their level" (at most 6); a flag bearer drops the flag where
    it stood."""
    f = w.get(name)
    w.put(
        replace(
            f,
            hp=0,
            alive=False,
            deaths=f.deaths + 1,
            respawn_in=w.state.options.respawn_wait,
            burning="",
            poisoned="",
            poison_turns=0,
            stunned=False,
            skipping=False,
            effects=(),
        )
    )
    w.say(Died(name, by, f.deaths + 1))
    flags = list(w.state.flags)
    for team, flag in enumerate(flags):
        if flag.carrier == name:
            flags[team] = Flag(f.square)
            w.say(FlagEvent(TEAMS[team], "dropped", name, str(f.square)))
            w.state = replace(w.state, flags=(flags[0], flags[1]))
    killer = w.state.get(by) if by else None
    if killer is not None and killer.team != f.team:
        level = min(MAX_LEVEL, killer.level + f.level)
        w.put(replace(killer, kills=killer.kills + 1, level=level))
        if level != killer.level:
            w.say(LevelGained(killer.name, level, "kill"))
    _check_end(w)


# -- the end --------------------------------------------------------------------------------


def level_sum(state: State, team: int) -> int:
    return sum(f.level for f in state.team(team))


def _check_end(w: Work) -> None:
    state = w.state
    if state.phase == OVER:
        return
    options = state.options
    if options.mode == "deathmatch":
        need = options.deaths_to_lose
        for team in (0, 1):
            if all(f.deaths >= need for f in state.team(team)):
                if not options.competitive:
                    _finish(w, 1 - team, f"every {TEAMS[team]} character has died")
                else:
                    _by_levels(w, f"every {TEAMS[team]} character has died twice")
                return
    elif options.mode == "king":
        for team in (0, 1):
            king = state.get(state.kings[team])
            if king is not None and king.deaths:
                _finish(w, 1 - team, f"the {TEAMS[team]} king, {king.name}, is killed")
                return
    else:
        for team in (0, 1):
            if state.captures[team] >= options.captures_to_win:
                _finish(w, team, f"{state.captures[team]} captures")
                return


def _by_levels(w: Work, why: str) -> None:
    red, blue = level_sum(w.state, 0), level_sum(w.state, 1)
    if red == blue:
        _finish(w, DRAW, f"{why}; levels are even at {red}")
    else:
        top = 0 if red > blue else 1
        _finish(w, top, f"{why}; levels {max(red, blue)} to {min(red, blue)}")


def _finish_at_limit(w: Work) -> None:
    """The bound on turns (not in the text): the mode's score decides, then the sum of
    levels, else a draw."""
    state = w.state
    options = state.options
    if options.mode == "flag":
        scores = state.captures
        what = "captures"
    elif options.mode == "deathmatch" and not options.competitive:
        scores = tuple(sum(1 for f in state.team(1 - t) if f.deaths) for t in (0, 1))
        what = "enemies killed"
    else:
        scores = (0, 0)
        what = ""
    why = f"the turn limit ({options.rounds} turns each)"
    if what and scores[0] != scores[1]:
        top = 0 if scores[0] > scores[1] else 1
        _finish(w, top, f"{why}; {what} {max(scores)} to {min(scores)}")
    else:
        _by_levels(w, why)


def _finish(w: Work, winner: int, reason: str) -> None:
    w.state = replace(w.state, phase=OVER, winner=winner, reason=reason)
    w.say(Finished(TEAMS[winner] if winner in (0, 1) else "", reason))
