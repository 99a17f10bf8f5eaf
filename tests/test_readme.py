"""The README's word stays true: it starts with the two commands, names every rule set Ludus
offers campaigns, names each demo campaign, and says how to serve on another port."""

from __future__ import annotations

import re
from pathlib import Path

from arena.engine import campaign_rulesets
from campaign.management.commands import demo_load

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()


def test_the_readme_starts_with_running_the_demo_and_the_tests():
    commands = README.split("```sh\n", 1)[1].split("```", 1)[0].splitlines()
    assert README.index("```sh") < README.index("\n\n", README.index("# Ludus") + 8)
    assert commands[0].startswith("make run ") and commands[1].startswith("make test ")
    assert "PORT=" in commands[0]


def test_the_rule_set_paragraph_names_every_rule_set_and_each_demo_campaign():
    paragraph = next(p for p in README.split("\n\n") if "rule sets:" in p.lower())
    flat = " ".join(paragraph.split())
    for rules in campaign_rulesets():
        assert f"**{rules.title}" in flat, rules.title
    loader = Path(demo_load.__file__).read_text()
    names = re.findall(r'(?:name=|_NAME = )"(The [^"]+)"', loader)  # each campaign's name
    assert len(names) == len(campaign_rulesets())  # one demo campaign of each rule set
    for name in names:
        assert name in flat, name
