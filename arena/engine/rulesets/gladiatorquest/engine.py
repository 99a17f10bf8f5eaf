"""One GladiatorQuest bout: the turn loop, the movement step and the bookkeeping.

Turn structure (docs/engine.md): a movement phase starts with everyone's hidden movement roll;
it is played in *steps*, each one output turn with phase "movement": every gladiator with
points left writes a direction (and maybe a throw, a spell, a potion, a passing attack or an
appeal), then all are revealed and carried out together. When a step brings opponents into
contact, the next output turn is a "combat" round for everyone in contact; afterwards every
gladiator re-rolls (IV.B.7, IV.C.5). A phase also ends when all points are spent or when a
step passes in which nobody spends a point.
"""

from __future__ import annotations

from typing import Any

from arena.engine.core.board import Facing, Square, grid_of
from arena.engine.core.dice import Dice, DiceError
from arena.engine.core.events import Event
from arena.engine.core.ruleset import TurnRecord
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.gladiatorquest import actions, combat
from arena.engine.rulesets.gladiatorquest.events import (
    BoutOver,
    Bump,
    Bumped,
    CombatEntered,
    Exited,
    Fallen,
    Impatience,
    Moved,
    MovementRolled,
    PickedUp,
    StatusRoll,
    Turned,
)
from arena.engine.rulesets.gladiatorquest.orders import (
    Move,
    StepOrder,
    parse_step_order,
)
from arena.engine.rulesets.gladiatorquest.state import (
    MOVEMENT_DICE,
    Fighter,
    Options,
    Status,
    cached_equipment_errors,
    parse_gladiators,
    parse_options,
)
from arena.engine.rulesets.gladiatorquest.tactics import step_order

IMPATIENCE = 10


class Run:
    """Everything about one resolution of one bout. Built fresh from the input every time."""

    def __init__(self, bout: dict[str, Any]) -> None:
        self.options: Options = parse_options(bout.get("options"))
        self.board = self.options.board
        self.grid = grid_of(self.board)
        self.fighters: list[Fighter] = parse_gladiators(bout.get("gladiators"), self.options)
        self.by_name = {f.name: f for f in self.fighters}
        # Only teammates can fall and be rescued (VI.A): without any, the tactics skip that.
        self.has_teammates = len({f.side for f in self.fighters}) < len(self.fighters)
        self.dice = _make_dice(bout)
        turns = bout.get("turns")
        if turns is not None and not isinstance(turns, list):
            raise EngineInputError("turns", "must be a list of turns")
        self.scripted_turns: list[Any] | None = turns
        self.occupied: dict[Square, Fighter] = {f.square: f for f in self.fighters if f.square}
        self.ground: list[tuple[str, Square, str]] = []  # (item, square, owner)
        self.turn = 0
        self.phase_no = 0
        self.events: list[Event] = []
        self.records: list[TurnRecord] = []
        self.pending_combat: list[tuple[Fighter, Fighter, bool]] = []
        self.need_roll = True
        self.finished = False
        self.winner: str | None = None
        self.reason = ""
        self.next_up: dict[str, Any] | None = None
        self.last_action_phase = 0  # last movement phase in which a blow landed or combat began
        self.impatient = False

    # --- queries used by tactics and actions ---------------------------------------------

    def enemies(self, f: Fighter) -> list[Fighter]:
        side = f.side
        return [o for o in self.fighters if o.status is Status.FIGHTING and o.side != side]

    def can_carry(self, f: Fighter, item: str) -> bool:
        return not cached_equipment_errors(f.gtype.slug, (*f.carried, item), self.options.contest)

    def destination(self, f: Fighter, order: StepOrder) -> Square | None:
        """The square f's written move leads to, bumps aside (None: the order moves nowhere).
        A pivot written for before the step turns him first."""
        move = order.move
        if move is Move.STAND or move is Move.TURN_AROUND or f.square is None:
            return None
        facing = f.facing
        if order.pivot and not order.pivot_after and not f.pivot_used:
            facing = facing.turned_left() if order.pivot == "left" else facing.turned_right()
        dcol, drow = _MOVE_VECTORS[facing, move]
        return Square(f.square.col + dcol, f.square.row + drow)

    def fighter(self, name: str, where: str) -> Fighter:
        f = self.by_name.get(name)
        if f is None:
            raise EngineInputError(where, f"no gladiator called {name!r}")
        return f

    # --- the loop ------------------------------------------------------------------------

    def run(self) -> None:
        max_turns = self.options.max_turns
        while True:
            if self._check_over():
                break
            if self.turn >= max_turns:
                self._finish(None, f"the Emperor stops the bout after {max_turns} turns")
                break
            if self.need_roll and not self.pending_combat:
                if self._orders_for(self.turn + 1) is _NO_MORE and self.dice.is_scripted:
                    # Dice rolled at the table: stop before a roll nobody has made yet.
                    self._stop_for_orders()
                    break
                self._start_movement_phase()
                if self._check_over():
                    break
            raw = self._orders_for(self.turn + 1)
            if raw is _NO_MORE:
                self._stop_for_orders()
                break
            self.turn += 1
            if self.pending_combat:
                phase = "combat"
                pairs, self.pending_combat = self.pending_combat, []
                combat.resolve(self, pairs, raw)
                self.need_roll = True
            else:
                phase = "movement"
                self._step(raw)
            self._settle()
            self._record(phase)

    def _record(self, phase: str) -> None:
        snapshot = {
            "gladiators": {f.name: _snap(f, self.grid.names) for f in self.fighters},
            "ground": [
                {"item": item, "square": str(sq), "owner": owner} for item, sq, owner in self.ground
            ],
        }
        self.records.append(TurnRecord(self.turn, phase, tuple(self.events), snapshot))
        self.events = []

    def _orders_for(self, turn: int) -> Any:
        if self.scripted_turns is None:
            return None
        if turn > len(self.scripted_turns):
            return None if self.options.continue_with_tactics else _NO_MORE
        entry = self.scripted_turns[turn - 1]
        where = f"turns[{turn - 1}]"
        if not isinstance(entry, dict):
            raise EngineInputError(where, "must be an object with orders")
        if entry.get("turn", turn) != turn:
            raise EngineInputError(f"{where}.turn", f"expected turn {turn}")
        orders = entry.get("orders", {})
        if not isinstance(orders, dict):
            raise EngineInputError(f"{where}.orders", "must be an object: name -> order")
        for name in orders:
            self.fighter(name, f"{where}.orders")
        return orders

    def _stop_for_orders(self) -> None:
        phase = "combat" if self.pending_combat else "movement"
        if phase == "combat":
            awaiting = sorted(
                {f.name for a, b, _ in self.pending_combat for f in (a, b)},
                key=lambda n: self.by_name[n].index,
            )
        else:
            awaiting = [
                f.name for f in self.fighters if f.fighting and f.points > 0 and not f.asleep
            ]
        self.next_up = {
            "turn": self.turn + 1,
            "phase": phase,
            "awaiting": awaiting,
            "points": {f.name: f.points for f in self.fighters if f.fighting},
            "events": [e.to_dict() for e in self.events],
        }

    def _check_over(self) -> bool:
        if self.finished:
            return True
        sides = []
        downs = False
        for f in self.fighters:
            status = f.status
            if status is Status.FIGHTING:
                if f.side not in sides:
                    if sides:
                        return False  # two sides still fighting: the usual answer, early
                    sides.append(f.side)
            elif status is Status.DOWN:
                downs = True
        if downs and sides:
            return False  # a teammate may still heal the fallen (VI.A)
        for f in self.fighters:
            if f.status is Status.DOWN:
                self.kill(f, f.last_hit_by)
        if sides:
            self._finish(sides[0], "last left standing")
        else:
            self._finish(None, "nobody is left standing")
        return True

    def _finish(self, winner: str | None, reason: str) -> None:
        self.finished = True
        self.winner = winner
        self.reason = reason
        self.events.append(BoutOver(winner, reason))
        if self.records:
            last = self.records[-1]
            self.records[-1] = TurnRecord(
                last.turn, last.phase, last.events + tuple(self.events), last.snapshot
            )
        else:
            self._record("movement")
        self.events = []

    # --- movement phase ------------------------------------------------------------------

    def _start_movement_phase(self) -> None:
        self.need_roll = False
        self.phase_no += 1
        idle = self.phase_no - self.last_action_phase
        if idle > IMPATIENCE and not self.impatient:
            self._lose_patience()
        dice = self.dice
        for f in self.fighters:
            f.pivot_used = f.spell_used = f.potion_used = f.potion_given = False
            f.passing_attacked = False
            if f.status is Status.MERCY:
                f.points = sum(dice.d6s(MOVEMENT_DICE[f.weight()])) + f.bonuses["movement"]
                continue
            if f.status is not Status.FIGHTING:
                f.points = 0
                continue
            if f.asleep or f.afraid:
                _shake_off(self, f)
            if f.tempest:
                f.tempest = False
                f.points = 0
                self.events.append(StatusRoll(f.name, "tempest", (), False))
                continue
            if f.asleep:
                f.points = 0
                continue
            kit = f.loadout()
            count = kit.movement_dice * (2 if f.double_move else 1)
            f.double_move = False
            rolled = tuple(dice.d6s(count))
            f.points = sum(rolled) + f.bonuses["movement"]
            self.events.append(MovementRolled(f.name, kit.weight_name, rolled, f.points))

    def _lose_patience(self) -> None:
        """Ludus ruling (no rule covers a standoff): after IMPATIENCE movement phases in which no
        body point was lost, the crowd jeers: the arena slaves drag the bodies away (they stop
        being obstacles) and every gladiator fought by his tactics closes in."""
        self.impatient = True
        cleared = []
        for f in self.fighters:
            if f.status is Status.DEAD and f.square is not None:
                del self.occupied[f.square]
                cleared.append(f.name)
                f.square = None
        self.events.append(Impatience(tuple(cleared)))

    def _end_movement_phase(self) -> None:
        for f in self.fighters:
            if f.status is Status.DOWN and f.down_deadline <= self.phase_no:
                self.kill(f, f.last_hit_by)
        self.need_roll = True

    def _step(self, raw: dict[str, Any] | None) -> None:
        orders: dict[str, StepOrder] = {}
        for f in self.fighters:
            explicit = raw.get(f.name) if raw else None
            can_act = f.status is Status.FIGHTING and f.points > 0 and not f.asleep
            if explicit is not None:
                where = f"turns[{self.turn - 1}].orders"
                if not can_act:
                    why = (
                        "is not fighting"
                        if f.status is not Status.FIGHTING
                        else ("is asleep" if f.asleep else "has no movement points left")
                    )
                    raise EngineInputError(f"{where}.{f.name}", f"{f.name} {why}")
                order = parse_step_order(explicit, f"{where}.{f.name}", self.board.parse)
                actions.check_step_order(self, f, order, f"{where}.{f.name}")
                orders[f.name] = order
            elif can_act:
                orders[f.name] = step_order(self, f)
        spent_before = sum([f.points for f in self.fighters])
        # Each pass below runs only if some order asks for it (most steps only move): a pass
        # with nothing to do changes nothing, and then neither would the _settle() after it
        # (nobody's body changed since the last one).
        appeal = potion = spell = passing = throw = False
        for order in orders.values():
            appeal = appeal or order.appeal
            potion = potion or order.potion is not None
            spell = spell or order.spell is not None
            passing = passing or order.passing is not None
            throw = throw or order.throw is not None
        if appeal or potion:
            actions.appeals(self, orders)
            actions.potions(self, orders)
            self._settle()
        if spell:
            actions.spells(self, orders)
            self._settle()
        if passing:
            actions.passing_attacks(self, orders)
            self._settle()
        contested = self._moves(orders)
        self._settle()
        if potion:
            actions.gives_on_arrival(self, orders)
            self._settle()
        if throw:
            actions.throws(self, orders)
            self._settle()
        spent = spent_before != sum([f.points for f in self.fighters])
        pairs = self._contacts(contested)
        if pairs:
            self.events.append(CombatEntered(tuple((a.name, b.name) for a, b, _ in pairs)))
            self.pending_combat = pairs
            self._end_movement_phase()
        elif not spent or not any(
            f.points > 0 and f.status in (Status.FIGHTING, Status.MERCY) for f in self.fighters
        ):
            self._end_movement_phase()

    def _moves(self, orders: dict[str, StepOrder]) -> list[tuple[Fighter, Fighter]]:
        """Carry out every written direction at once; return opposing pairs that contested a
        square (V.A: they enter combat, and may shield-bash, V.F.3)."""
        intents: dict[Fighter, Square] = {}
        labels: dict[Fighter, str] = {}
        events = self.events
        squares = self.grid.squares
        pivots_after: list[tuple[Fighter, str]] = []
        for f in self.fighters:
            status = f.status
            if status is Status.MERCY:
                if f.points > 0:
                    step = _walker_step(self, f)
                    if step is not None:
                        f.points -= 1
                        intents[f] = step
                        labels[f] = "towards the exit"
                continue
            order = orders.get(f.name)
            if order is None or status is not Status.FIGHTING:
                continue
            if order.pivot:
                if order.pivot_after:
                    pivots_after.append((f, order.pivot))
                else:
                    self._pivot(f, order.pivot)
            move = order.move
            if move is Move.STAND:
                pass
            elif move is Move.TURN_AROUND:
                f.points -= 1
                f.facing = f.facing.reversed()
                events.append(Turned(f.name, "turn_around", f.facing._value_))
            else:
                f.points -= 1
                dcol, drow = _MOVE_VECTORS[f.facing, move]
                here = f.square
                assert here is not None
                col, row = here.col + dcol, here.row + drow
                # The board's own Square object when the step stays on the board.
                intents[f] = squares.get((col, row)) or Square(col, row)
                labels[f] = move._value_
        contested: list[tuple[Fighter, Fighter]] = []
        moved: list[Fighter] = []
        if intents:
            contested, moved = self._carry_out(intents, labels)
        # The pivots written for after the step (moving never changes who is fighting).
        for f, side in pivots_after:
            self._pivot(f, side)
        for f in moved:
            if f.status is Status.MERCY and f.square == self.options.exit:
                self.events.append(Exited(f.name, str(f.square)))
                del self.occupied[f.square]
                f.square = None
                f.status = Status.EXITED
            elif f.status is Status.FIGHTING and self.ground:
                self._pick_up(f)
        return contested

    def _carry_out(
        self, intents: dict[Fighter, Square], labels: dict[Fighter, str]
    ) -> tuple[list[tuple[Fighter, Fighter]], list[Fighter]]:
        """The moves of one step, all at once: bumps (wall, contested square, occupied), then
        the moves that succeed. Returns the opposing pairs that contested a square, and who
        moved."""
        events = self.events
        occupied = self.occupied
        targets = set(intents.values())
        if (
            len(targets) == len(intents)
            and targets.isdisjoint(occupied)
            and targets <= self.grid.open
        ):
            # The usual step: every mover heads for a different free square, so nobody
            # bumps and every move succeeds (what the general rules below come to as well).
            names = self.grid.names
            for f, sq in intents.items():
                start = f.square
                del occupied[start]  # type: ignore[arg-type]
                f.square = sq
                occupied[sq] = f
                events.append(
                    Moved(f.name, labels[f], names[start], names[sq], f.facing._value_, f.points)
                )
            return [], list(intents)
        valid: dict[Fighter, Square] = {}
        for f, sq in intents.items():
            if not self.board.is_open(sq):
                events.append(Bumped(f.name, _sq(sq), Bump.WALL, f.points))
            else:
                valid[f] = sq
        contested: list[tuple[Fighter, Fighter]] = []
        if len(valid) > 1:
            by_target: dict[Square, list[Fighter]] = {}
            for f, sq in valid.items():
                by_target.setdefault(sq, []).append(f)
            for sq, group in by_target.items():
                if len(group) > 1:
                    for f in group:
                        del valid[f]
                        events.append(Bumped(f.name, str(sq), Bump.CONTESTED, f.points))
                    for i, a in enumerate(group):
                        for b in group[i + 1 :]:
                            if a.fighting and b.fighting and a.side != b.side:
                                contested.append((a, b))
        changed = True
        while changed:
            changed = False
            for f in list(valid):
                occupant = occupied.get(valid[f])
                if occupant is None:
                    continue
                if occupant not in valid or valid[occupant] == f.square:
                    del valid[f]
                    events.append(Bumped(f.name, str(intents[f]), Bump.OCCUPIED, f.points))
                    changed = True
        for f in valid:
            del occupied[f.square]  # type: ignore[arg-type]
        for f, sq in valid.items():
            start = f.square
            f.square = sq
            occupied[sq] = f
            events.append(Moved(f.name, labels[f], str(start), str(sq), f.facing._value_, f.points))
        return contested, list(valid)

    def _pivot(self, f: Fighter, side: str) -> None:
        if f.pivot_used:
            return
        f.pivot_used = True
        f.facing = f.facing.turned_left() if side == "left" else f.facing.turned_right()
        self.events.append(Turned(f.name, f"pivot_{side}", f.facing._value_))

    def _pick_up(self, f: Fighter) -> None:
        if not self.ground:
            return
        keep = []
        for item, sq, owner in self.ground:
            if sq == f.square and self.can_carry(f, item):
                f.carried.append(item)
                if owner == f.name:
                    f.thrown.remove(item)
                else:
                    f.items_gained.append(item)
                self.events.append(PickedUp(f.name, item, str(sq)))
            else:
                keep.append((item, sq, owner))
        self.ground = keep

    def _contacts(
        self, contested: list[tuple[Fighter, Fighter]]
    ) -> list[tuple[Fighter, Fighter, bool]]:
        """V.A, V.F.2: opposing fighters orthogonally adjacent, or diagonally adjacent when
        at least one has a diagonal weapon, or who contested a square."""
        pairs: list[tuple[Fighter, Fighter, bool]] = []
        seen = set()
        for a, b in contested:
            key = (a.index, b.index) if a.index < b.index else (b.index, a.index)
            if a.fighting and b.fighting and key not in seen:
                seen.add(key)
                pairs.append((a, b, True) if a.index < b.index else (b, a, True))
        active = [f for f in self.fighters if f.status is Status.FIGHTING]
        contest = self.options.contest
        for i, a in enumerate(active):
            sa = a.square
            assert sa is not None
            acol, arow, aside = sa.col, sa.row, a.side
            for b in active[i + 1 :]:
                sb = b.square
                assert sb is not None
                dc, dr = abs(acol - sb.col), abs(arow - sb.row)
                if dc > 1 or dr > 1 or b.side == aside or (a.index, b.index) in seen:
                    continue  # (not touching, the usual case, is checked first)
                if dc + dr == 1 or (
                    dc == 1
                    and dr == 1
                    and (a.weapon(contest).diagonal or b.weapon(contest).diagonal)
                ):
                    pairs.append((a, b, False))
        return pairs

    # --- damage, falls and deaths -------------------------------------------------------

    def wound(self, target: Fighter, amount: int, by: Fighter | None) -> int:
        """Damage from an opponent (or friendly fire). Striking a gladiator the Emperor spared
        brings the archers down on the striker (VI.B); the spared one is unharmed."""
        if amount <= 0:
            return 0
        if target.status is Status.MERCY:
            if by is not None and by is not target and by.status is Status.FIGHTING:
                self.slay_by_archers(by)
            return 0
        if target.status is not Status.FIGHTING:
            return 0
        actual = min(amount, target.body)
        target.body -= actual
        self.last_action_phase = self.phase_no
        target.rock_skin = 0
        if by is not None and by.side != target.side:
            by.tally += actual
            target.last_hit_by = by.name
        return actual

    def _settle(self) -> None:
        """VI.A: at 0 body a gladiator drinks his own healing potion if he has one; else he
        falls, and is killed unless a teammate able to heal him is still fighting."""
        for f in self.fighters:
            if f.body > 0 or f.status is not Status.FIGHTING:
                continue
            if "healing_potion" in f.carried:
                actions.drink(self, f, "healing_potion", given_by=None)
                if f.body > 0:
                    continue
            if any(
                o is not f
                and o.side == f.side
                and o.status is Status.FIGHTING
                and actions.can_heal(o)
                for o in self.fighters
            ):
                f.status = Status.DOWN
                f.down_deadline = self.phase_no + 1
                f.out_at = self.turn
                self.events.append(Fallen(f.name, "down", f.last_hit_by))
            else:
                self.kill(f, f.last_hit_by)

    def kill(self, f: Fighter, by: str | None, *, how: str = "killed") -> None:
        f.status = Status.DEAD
        f.killed_by = by
        if not f.out_at:
            f.out_at = self.turn
        if by in self.by_name and how == "killed":
            self.by_name[by].defeated.append(f.name)
        self.events.append(Fallen(f.name, how, by))

    def slay_by_archers(self, f: Fighter) -> None:
        f.body = 0
        self.kill(f, "the Emperor's archers", how="archers")

    def defeat_by_mercy(self, f: Fighter) -> None:
        f.status = Status.MERCY
        f.out_at = self.turn
        if f.last_hit_by in self.by_name:
            self.by_name[f.last_hit_by].defeated.append(f.name)

    # --- output --------------------------------------------------------------------------

    def output(self, version: str) -> dict[str, Any]:
        return {
            "ruleset": "gladiatorquest",
            "version": version,
            "board": [self.board.width, self.board.height],
            "contest": self.options.contest,
            "exit": str(self.options.exit),
            "turns": [r.to_dict() for r in self.records],
            "result": self._result(),
        } | ({"next": self.next_up} if self.next_up is not None else {})

    def _result(self) -> dict[str, Any]:
        winners = [f for f in self.fighters if self.winner is not None and f.side == self.winner]
        others = sorted(
            (f for f in self.fighters if f not in winners),
            key=lambda f: (f.out_at == 0, f.out_at, f.tally, -f.index),
            reverse=True,
        )
        standings = []
        for place, f in enumerate(others, start=len(winners) + 1 if winners else 1):
            standings.append(_standing(f, place))
        return {
            "finished": self.finished,
            "winner": self.winner,
            "reason": self.reason,
            "standings": [_standing(f, 1) for f in winners] + standings,
        }


_NO_MORE = object()


def _make_dice(bout: dict[str, Any]) -> Dice:
    if bout.get("dice") is not None:
        if not isinstance(bout["dice"], list):
            raise EngineInputError("dice", "must be a list of scripted results")
        return Dice.scripted(bout["dice"])
    seed = bout.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise EngineInputError("seed", "must be an integer or a string")
    return Dice.seeded(seed)


# (facing, written direction) -> the step it makes, for every facing and stepping direction.
_MOVE_VECTORS: dict[tuple[Facing, Move], tuple[int, int]] = {}


def _move_vector(facing: Facing, move: Move) -> tuple[int, int]:
    if move is Move.FORWARD:
        return facing.vector
    if move is Move.BACK:
        return facing.reversed().vector
    if move is Move.LEFT:
        return facing.turned_left().vector
    return facing.turned_right().vector


_MOVE_VECTORS.update(
    ((facing, move), _move_vector(facing, move))
    for facing in Facing
    for move in (Move.FORWARD, Move.BACK, Move.LEFT, Move.RIGHT)
)


def _walker_step(run: Run, f: Fighter) -> Square | None:
    """A spared gladiator walks to the exit by the shortest free way (VI.B)."""
    from arena.engine.rulesets.gladiatorquest.tactics import step_towards

    assert f.square is not None
    goal = run.options.exit
    if f.square == goal:
        return f.square
    occupant = run.occupied.get(goal)
    if f.square.manhattan(goal) == 1:
        return goal if occupant is None else None
    dcol, drow = step_towards(run, f, goal, diagonal=False)
    if (dcol, drow) == (0, 0):
        return None
    return Square(f.square.col + dcol, f.square.row + drow)


def _shake_off(run: Run, f: Fighter) -> None:
    """Sleep and Fear last until a 6 on the victim's mind dice (one die per mind point)."""
    status = "sleep" if f.asleep else "fear"
    rolled = tuple(run.dice.d6s(max(f.mind, 1)))
    ended = 6 in rolled
    if ended:
        f.asleep = False if status == "sleep" else f.asleep
        f.afraid = False if status == "fear" else f.afraid
    run.events.append(StatusRoll(f.name, status, rolled, ended))


def _sq(sq: Square) -> str:
    return str(sq) if 0 <= sq.col < 26 and sq.row >= 0 else f"({sq.col},{sq.row})"


def _snap(f: Fighter, names: dict[Square, str]) -> dict[str, Any]:
    # `_value_` is the member's value as a plain attribute; `.value` goes through a
    # descriptor, several times slower, and this runs for every gladiator every turn.
    # `names`: the board's square names (a figure always stands on the board).
    status = f.status
    return {
        "square": None if f.square is None else names[f.square],
        "facing": f.facing._value_,
        "body": f.body,
        "mind": f.mind,
        "alive": status is not Status.DEAD,
        "status": status._value_,
        "points": f.points,
    }


def _standing(f: Fighter, place: int) -> dict[str, Any]:
    fate = {Status.DEAD: "killed", Status.MERCY: "mercy", Status.EXITED: "mercy"}.get(
        f.status, "survived"
    )
    lost = list(f.items_lost) + list(f.thrown)
    return {
        "name": f.name,
        "team": f.team,
        "place": place,
        "defeated": list(f.defeated),
        "tally": f.tally,
        "body": f.body,
        "fate": fate,
        "killed_by": f.killed_by,
        "items_lost": lost,
        "items_gained": list(f.items_gained),
        "potions_used": list(f.potions_used),
        "spells_left": list(f.spells),
    }


def resolve(bout: dict[str, Any], version: str) -> dict[str, Any]:
    run = Run(bout)
    try:
        run.run()
    except DiceError as exc:
        raise EngineInputError("dice", str(exc)) from None
    return run.output(version)
