"""A plain Gladiator Arena adjudicator, written from the rule text (rules 0.75 and RULINGS.md)
without the engine's code: the yardstick bench/ga_ratio.py measures the engine's play() against.

Same input as the engine (a bout's JSON with its turns' orders; no default tactics), same log
out, so the bench can check the two agree. Plain dicts and lists, one pass per phase, words only
for an order that is refused (ValueError).

    from bench.plain_gladiator_arena import play
"""

from __future__ import annotations

from fractions import Fraction

# Section 6: HP, MpT, damage bonus, MpT to move one square, may move two squares.
RACES = {
    "human": (8, 3, 0, 1, False),
    "dwarf": (9, 2, 1, 1, False),
    "elf": (7, 4, -1, 1, False),
    "halfling": (5, 3, -1, 1, True),
    "giant": (11, 2, 1, 2, False),
}
# Section 7: base damage, nearest and farthest square it reaches (None: any), MpT a strike
# costs, fixed damage "on all races", catapult (once, not after moving, all MpT), splash.
WEAPONS = {
    "axe": (4, 1, 1, 1, False, False, 0),
    "sword": (2, 1, 2, 1, False, False, 0),
    "spear": (1, 1, 3, 1, False, False, 0),
    "bow": (1, 3, None, 2, True, False, 0),
    "catapult": (2, 2, None, 1, True, True, 1),
}
BUMP_WHY = {
    "same_square": "someone else moved there too",
    "occupied": "its occupant stayed",
    "swap": "they tried to swap squares",
}
AROUND = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def square(text: str) -> tuple[int, int]:
    return ord(text[0].upper()) - 65, int(text[1:]) - 1


def name_of(sq: tuple[int, int]) -> str:
    return f"{chr(65 + sq[0])}{sq[1] + 1}"


def play(bout: dict) -> dict:
    opts = bout.get("options") or {}
    width, height = opts.get("board", [8, 8])
    time_limit = opts.get("time_limit", True)
    glads = []
    taken: dict[tuple[int, int], int] = {}
    for raw in bout["gladiators"]:
        sq = square(raw["square"])
        if sq in taken:  # section 5: the later one goes to the square opposite the centre
            sq = (width - 1 - sq[0], height - 1 - sq[1])
        taken[sq] = 1
        hp, mpt, bonus, step, double = RACES[raw["race"]]
        dmg, low, high, cost, fixed, siege, splash = WEAPONS[raw["weapon"]]
        glads.append(
            {
                "name": raw["name"],
                "sq": sq,
                "hp": hp,
                "mpt": mpt,
                "step": step,
                "double": double,
                "dmg": dmg if fixed else dmg + bonus,
                "low": low,
                "high": high,
                "cost": cost,
                "siege": siege,
                "splash": splash,
                "alive": True,
                "died": None,
                "cause": None,
                "kills": Fraction(0),
                "dealt": 0,
            }
        )
    by_name = {g["name"]: g for g in glads}
    turns = []
    finished = False
    for number, raw_turn in enumerate(bout.get("turns") or [], start=1):
        if finished:
            break
        orders = {}
        for who, raw in (raw_turn or {}).items():
            g = by_name[who]
            order = (
                square(raw["move"]) if raw.get("move") else None,
                [square(s) for s in raw.get("strike") or []],
                raw.get("concede"),
            )
            if not g["alive"] and order == (None, [], None):
                continue
            check(g, order, width, height, glads)
            orders[who] = order
        events: list[dict] = []
        if any(o[2] for o in orders.values()):
            finished = concede(glads, orders, number, events)
        else:
            finished = resolve(glads, orders, number, time_limit, events)
        turns.append(
            {
                "turn": number,
                "gladiators": {
                    g["name"]: {"square": name_of(g["sq"]), "hp": g["hp"], "alive": g["alive"]}
                    for g in glads
                },
                "events": events,
            }
        )
    return {
        "ruleset": "gladiator-arena",
        "version": "0.75.3",
        "turns": turns,
        "result": {"finished": finished, "standings": standings(glads)},
    }


def check(g: dict, order: tuple, width: int, height: int, glads: list) -> None:
    """Section 2's limits on one order; ValueError in words for the first thing wrong."""
    move, strikes, concession = order
    if not g["alive"]:
        raise ValueError(f"{g['name']} was removed from the game and can't act")
    if concession:
        if move or strikes or sum(o["alive"] for o in glads) != 2:
            raise ValueError(f"{g['name']} may only concede alone, with two left")
        return
    left, origin = g["mpt"], g["sq"]
    if move is not None and move != g["sq"]:
        steps = abs(move[0] - origin[0]) + abs(move[1] - origin[1])
        if not (0 <= move[0] < width and 0 <= move[1] < height):
            raise ValueError(f"{name_of(move)} is off the board")
        if steps == 1:
            left -= g["step"]
        elif steps == 2 and g["double"]:
            left -= 2
        else:
            raise ValueError(f"{name_of(move)} is not a move {g['name']} can make")
        origin = move
    allowed = (0 if origin != g["sq"] or left <= 0 else 1) if g["siege"] else left // g["cost"]
    if len(strikes) > allowed:
        raise ValueError(f"{g['name']} has only {allowed} strikes")
    for t in strikes:
        reach = max(abs(t[0] - origin[0]), abs(t[1] - origin[1]))
        if not (0 <= t[0] < width and 0 <= t[1] < height) or t == origin:
            raise ValueError(f"{g['name']} can't strike {name_of(t)}")
        if reach < g["low"] or (g["high"] is not None and reach > g["high"]):
            raise ValueError(f"{name_of(t)} is out of range for {g['name']}")


def resolve(glads: list, orders: dict, number: int, time_limit: bool, events: list) -> bool:
    living = [g for g in glads if g["alive"]]
    start = {id(g): g["sq"] for g in living}
    at = {g["sq"]: g for g in living}
    want = {}
    for g in living:
        move = orders.get(g["name"], (None, [], None))[0]
        if move is not None and move != g["sq"]:
            want[id(g)] = move
    # Section 2's bumps, until nothing changes: two into one square, into a square whose
    # occupant stays (or is bumped back), or two swapping squares.
    bumped: dict[int, str] = {}
    moving = {id(g): g for g in living if id(g) in want}
    while moving:
        now: dict[int, str] = {}
        count: dict[tuple[int, int], int] = {}
        for k in moving:
            count[want[k]] = count.get(want[k], 0) + 1
        for k in moving:
            if count[want[k]] > 1:
                now[k] = "same_square"
        for k in moving:
            other = at.get(want[k])
            if k in now or other is None:
                continue
            if id(other) in moving and id(other) not in now:
                if want[id(other)] == start[k]:
                    now[k] = now[id(other)] = "swap"
            else:
                now[k] = "occupied"
        if not now:
            break
        for k, why in now.items():
            bumped[k] = why
            del moving[k]
    for g in living:
        if id(g) in bumped:
            tried = name_of(want[id(g)])
            events.append(
                {
                    "type": "bumped",
                    "text": f"{g['name']} is bumped back from {tried} "
                    f"to {name_of(g['sq'])} ({BUMP_WHY[bumped[id(g)]]}).",
                    "name": g["name"],
                    "square": name_of(g["sq"]),
                    "tried": tried,
                    "reason": bumped[id(g)],
                }
            )
    for g in living:
        if id(g) in moving:
            old, g["sq"] = g["sq"], want[id(g)]
            events.append(
                {
                    "type": "moved",
                    "text": f"{g['name']} moves from {name_of(old)} to {name_of(g['sq'])}.",
                    "name": g["name"],
                    "start": name_of(old),
                    "square": name_of(g["sq"]),
                }
            )
    # Strikes, after every move, from the square moved to or tried.
    where = {g["sq"]: g for g in living}
    hurt: dict[int, dict[str, int]] = {}
    for g in living:
        origin = name_of(want.get(id(g), g["sq"]))
        for t in orders.get(g["name"], (None, [], None))[1]:
            hits = []
            for sq, dmg in [(t, g["dmg"])] + [
                ((t[0] + a, t[1] + b), g["splash"]) for a, b in AROUND if g["splash"]
            ]:
                v = where.get(sq)
                if v is not None and v is not g:
                    hits.append({"name": v["name"], "damage": dmg, "square": name_of(sq)})
                    per = hurt.setdefault(id(v), {})
                    per[g["name"]] = per.get(g["name"], 0) + dmg
                    g["dealt"] += dmg
            words = (
                ", ".join(
                    f"hit {h['name']} {h['damage']} damage"
                    + ("" if h["square"] == name_of(t) else f" (on {h['square']})")
                    for h in hits
                )
                or "miss"
            )
            events.append(
                {
                    "type": "struck",
                    "text": f"{g['name']} strikes {name_of(t)}: {words}.",
                    "name": g["name"],
                    "origin": origin,
                    "target": name_of(t),
                    "result": "hit" if hits else "miss",
                    "hits": hits,
                }
            )
    struck = [g for g in glads if id(g) in hurt]
    before = {id(g): g["hp"] for g in struck}
    for g in struck:
        g["hp"] -= sum(hurt[id(g)].values())
        events.append(
            {
                "type": "wounded",
                "text": f"{g['name']} takes {before[id(g)] - g['hp']} "
                f"damage this turn and has {g['hp']} HP.",
                "name": g["name"],
                "damage": before[id(g)] - g["hp"],
                "hp": g["hp"],
            }
        )
    for g in struck:
        if g["hp"] <= 0:
            remove(g, number, "struck", events)
            award(g, before[id(g)], hurt[id(g)], glads, events)
    if time_limit and number >= 15 and (number - 15) % 3 == 0:  # 8 c
        for g in living:
            if g["alive"]:
                g["hp"] -= 1
                events.append(
                    {
                        "type": "time_limit",
                        "text": f"Time limit: {g['name']} loses 1 HP and has {g['hp']} HP.",
                        "name": g["name"],
                        "hp": g["hp"],
                    }
                )
                if g["hp"] <= 0:
                    remove(g, number, "time_limit", events)
                    g["kills"] -= 1
                    events.append(
                        {
                            "type": "kill_lost",
                            "text": f"{g['name']} loses a kill point.",
                            "name": g["name"],
                            "cause": "time_limit",
                        }
                    )
    left = [g for g in glads if g["alive"]]
    if len(left) > 1:
        return False
    last = left[0]["name"] if left else None
    text = f"{last} is the last one standing." if left else "nobody is left."
    events.append(
        {
            "type": "finished",
            "text": f"The bout is over: {text}",
            "reason": "one_left" if left else "none_left",
            "survivor": last,
        }
    )
    return True


def remove(g: dict, number: int, cause: str, events: list) -> None:
    g["alive"], g["died"], g["cause"] = False, number, cause
    how = {
        "struck": "is struck down",
        "time_limit": "falls to the time limit",
        "conceded": "concedes",
    }[cause]
    events.append(
        {
            "type": "removed",
            "text": f"{g['name']} {how} on {name_of(g['sq'])} ({g['hp']} HP) and leaves the game.",
            "name": g["name"],
            "square": name_of(g["sq"]),
            "hp": g["hp"],
            "cause": cause,
        }
    )


def award(victim: dict, hp: int, hurt: dict[str, int], glads: list, events: list) -> None:
    """8 b: whoever would have killed alone shares the kill; else the most damage takes it."""
    winners = [who for who, d in hurt.items() if d >= hp]
    reason = "alone" if winners else "most_damage"
    if not winners:
        winners = [who for who, d in hurt.items() if d == max(hurt.values())]
    share = Fraction(1, len(winners))
    for g in glads:
        if g["name"] in winners:
            g["kills"] += share
            what = "a kill" if share == 1 else f"{share} of a kill"
            events.append(
                {
                    "type": "kill",
                    "text": f"{g['name']} is awarded {what} for {victim['name']}.",
                    "name": g["name"],
                    "victim": victim["name"],
                    "share": str(share),
                    "reason": reason,
                }
            )


def concede(glads: list, orders: dict, number: int, events: list) -> bool:
    """8 d: with two left, a concession ends the bout before the turn's other orders."""
    pair = [g for g in glads if g["alive"]]
    for g in pair:
        choice = orders.get(g["name"], (None, [], None))[2]
        if not choice:
            continue
        other = pair[1] if pair[0] is g else pair[0]
        lose = choice == "lose_kill"
        events.append(
            {
                "type": "conceded",
                "text": f"{g['name']} concedes the standoff and gives up a kill point."
                if lose
                else f"{g['name']} concedes; the other gladiator gains a kill.",
                "name": g["name"],
                "choice": "lose_kill" if lose else "award_kill",
            }
        )
        remove(g, number, "conceded", events)
        if lose:
            g["kills"] -= 1
            events.append(
                {
                    "type": "kill_lost",
                    "text": f"{g['name']} loses a kill point.",
                    "name": g["name"],
                    "cause": "conceded",
                }
            )
        else:
            other["kills"] += 1
            events.append(
                {
                    "type": "kill",
                    "text": f"{other['name']} is awarded a kill for {g['name']}.",
                    "name": other["name"],
                    "victim": g["name"],
                    "share": "1",
                    "reason": "concession",
                }
            )
    left = [g["name"] for g in pair if g["alive"]]
    events.append(
        {
            "type": "finished",
            "text": "The bout is over by concession.",
            "reason": "conceded",
            "survivor": left[0] if left else None,
        }
    )
    return True


def standings(glads: list) -> list[dict]:
    """Section 8: kills, then surviving longer, then HP, then damage dealt; ties share."""

    def key(g: dict) -> tuple:
        return (-g["kills"], -g["alive"], -(g["died"] or 0), -g["hp"], -g["dealt"])

    out, place, previous = [], 0, None
    for position, g in enumerate(sorted(glads, key=key), start=1):
        if key(g) != previous:
            place, previous = position, key(g)
        fate = {None: "survived", "conceded": "withdrew"}.get(g["cause"], "killed")
        out.append(
            {
                "name": g["name"],
                "side": g["name"],
                "place": place,
                "fate": fate,
                "score": str(g["kills"]),
                "kills": str(g["kills"]),
                "hp": g["hp"],
                "alive": g["alive"],
                "died_on_turn": g["died"],
                "damage_dealt": g["dealt"],
            }
        )
    return out
