"""GM content: champions and arenas a campaign's GM adds as data, checked with problems in words,
carried by the bout's engine input and state so the bout replays from its input alone."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from arena.engine import play
from arena.engine.core.campaign import Entrant
from arena.engine.errors import EngineInputError
from arena.engine.rulesets.arena_of_the_elders import CHAMPIONS
from arena.engine.rulesets.arena_of_the_elders.campaign import EldersCampaign
from arena.engine.rulesets.arena_of_the_elders.content import (
    EMPTY,
    content_problems,
    parse_content,
)
from tests.engine.arena_of_the_elders.helpers import RULES

EXAMPLE_FILE = (
    Path(__file__).resolve().parents[3] / "docs/rules/examples/arena-of-the-elders-content.json"
)
EXAMPLE = json.loads(EXAMPLE_FILE.read_text())


def example() -> dict:
    return copy.deepcopy(EXAMPLE)


def bout_with_example(seed: int = 7) -> dict:
    keys = ["frost-maiden", *[k for k in CHAMPIONS if k != "vorn"]]
    return {
        "ruleset": "arena-of-the-elders",
        "seed": seed,
        "options": {"arena": "frozen-pond", "tactics": True, "mode": "flag"},
        "content": example(),
        "gladiators": [
            {"name": k, "champion": k, "team": "Red" if n < 4 else "Blue"}
            for n, k in enumerate(keys)
        ],
    }


def test_the_documented_example_file_is_valid_content():
    assert content_problems(EXAMPLE) == []
    content = parse_content(EXAMPLE)
    assert content.champion("frost-maiden").name == "Frost Maiden"
    assert content.arena("frozen-pond").width == 10
    assert content.champion("ignis") is CHAMPIONS["ignis"]  # the arena's own stay


def test_a_bout_with_gm_content_plays_and_replays_from_its_input_alone():
    bout = bout_with_example()
    log = play(bout)
    assert log["result"]["finished"]
    assert json.dumps(play(json.loads(json.dumps(bout)))) == json.dumps(log)
    frost = next(f for t in log["turns"] for f in [t["gladiators"].get("frost-maiden")] if f)
    assert frost is not None


def test_the_state_carries_the_content_through_json():
    state = RULES.setup(bout_with_example())
    assert state.get("frost-maiden").hero.health == 8
    again = RULES.from_json(json.loads(json.dumps(RULES.to_json(state))))
    assert again.get("frost-maiden").hero.name == "Frost Maiden"
    assert again.arena.key == "frozen-pond"
    assert again == state


def test_a_bout_without_content_keeps_its_state_shape():
    bout = bout_with_example()
    bout.pop("content")
    bout["options"]["arena"] = "elders-ring"
    bout["gladiators"][0]["champion"] = "vorn"
    state = RULES.setup(bout)
    assert state.content is EMPTY and "content" not in RULES.to_json(state)


def test_a_gm_champion_or_arena_is_unknown_to_a_bout_without_the_content():
    bout = bout_with_example()
    bout.pop("content")
    with pytest.raises(EngineInputError, match=r"options\.arena"):
        RULES.setup(bout)
    bout["options"]["arena"] = "elders-ring"
    with pytest.raises(EngineInputError, match=r"gladiators\[0\].champion"):
        RULES.setup(bout)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            lambda d: d["champions"][0]["abilities"][0].update(effects=["frost"]),
            "champions[0].abilities[0].effects: unknown effect 'frost'",
        ),
        (
            lambda d: d["champions"][0]["abilities"][0].update(range=40),
            "champions[0].abilities[0].range: a whole number from 1 to 12 squares",
        ),
        (
            lambda d: d["champions"][0]["abilities"][0].update(hit=[5, 3]),
            "champions[0].abilities[0].hit: [low, high]",
        ),
        (
            lambda d: d["champions"][0]["abilities"].pop(),
            "champions[0].abilities: a list of five abilities",
        ),
        (
            lambda d: d["champions"][0].update(key="ignis"),
            "champions[0].key: 'ignis' is one of the arena's own",
        ),
        (
            lambda d: d["champions"][0].update(health=0),
            "champions[0].health: a whole number from 1 to 30",
        ),
        (
            lambda d: d["champions"][0]["abilities"][1].update(duration=0),
            "champions[0].abilities[1].duration: shield need a duration",
        ),
        (
            lambda d: d["arenas"][0].update(start=[]),
            "arenas[0].start: a map needs Red's start zone",
        ),
        (
            lambda d: d["arenas"][0].update(walls=["J5:E"]),
            "arenas[0].walls[0]: 'J5:E' is the board's edge, outside the board",
        ),
        (
            lambda d: d["arenas"][0].update(walls=["M5:N"]),
            "arenas[0].walls[0]: 'M5:N' is not a side of a square on the 10x10 board",
        ),
        (
            lambda d: d["arenas"][0]["terrain"].__setitem__(0, "...x......"),
            "arenas[0].terrain: 'x' at D10 is not terrain",
        ),
        (
            lambda d: d["arenas"][0].update(stairs=["A1:N"]),
            "arenas[0].stairs[0]: stairs join two heights",
        ),
        (
            lambda d: d["arenas"][0].update(start=["C9", "B1", "C1", "A2"]),
            "arenas[0].start: C9 is a block",
        ),
        (
            lambda d: d.update(spells=[]),
            "content.spells: unknown kind of content",
        ),
    ],
)
def test_bad_content_is_refused_in_words_naming_the_field(change, expected):
    doc = example()
    change(doc)
    problems = content_problems(doc)
    assert any(p.startswith(expected) for p in problems), problems
    with pytest.raises(EngineInputError):
        parse_content(doc)


def test_the_arenas_own_champions_pass_the_gm_checks():
    raw = json.loads(
        (Path(__file__).resolve().parents[3]
         / "arena/engine/rulesets/arena_of_the_elders/champions.json").read_text()
    )  # fmt: skip
    for champion in raw["champions"]:
        champion = {**champion, "key": f"copy-{champion['key']}"}
        assert content_problems({"champions": [champion]}) == [], champion["name"]


def test_the_campaign_adapter_offers_gm_content_and_carries_only_what_a_bout_uses():
    base = EldersCampaign()
    assert [k.key for k in base.content_kinds] == ["champions", "arenas"]
    assert "frost-maiden" not in [t.slug for t in base.types()]
    rules = base.with_content(EXAMPLE)
    assert "frost-maiden" in [t.slug for t in rules.types()]
    arena = next(o for o in rules.options_schema(by_tactics=True) if o.key == "arena")
    assert "frozen-pond" in arena.choices
    assert rules.clean_options({"arena": "frozen-pond"}, by_tactics=True)["arena"] == "frozen-pond"
    with pytest.raises(EngineInputError, match=r"options\.arena"):
        base.clean_options({"arena": "frozen-pond"}, by_tactics=True)
    build = rules.new_build("frost-maiden")
    assert build == {"unlocked": ["frost-armour"], "choice": "frost-armour"}
    assert rules.build_problems("frost-maiden", build) == []

    def entrant(name, kind):
        return Entrant(name=name, kind=kind, build={}, level=1, equipment=(), tactics={})

    on_ring = rules.bout_input([entrant("Elsa", "frost-maiden"), entrant("Rex", "vorn")],
                               {"arena": "elders-ring"}, seed=3, by_tactics=True)  # fmt: skip
    assert on_ring["content"] == {"champions": EXAMPLE["champions"]}
    plain = rules.bout_input([entrant("Rex", "vorn")], {"arena": "elders-ring"}, seed=3,
                             by_tactics=True)  # fmt: skip
    assert "content" not in plain
    assert play(on_ring)["result"]["finished"]


def test_content_problems_of_one_item_name_its_place():
    problems = EldersCampaign().content_problems("arenas", {"key": "x"}, "arenas[2]")
    assert problems and all(p.startswith("arenas[2].") for p in problems)
