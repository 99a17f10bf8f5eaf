"""A campaign's house rules for its economy and lethality, kept in Campaign.options.

Every rule has a default, so a campaign that never set one plays by it (docs/campaigns.md):
new gladiators can shop at once, every entrant of a fought bout is paid for turning up, losers
get a share of the winner's purse, and appeals for mercy go by the rule set's own dice. The
rules apply to every rule set alike: payouts through characters/rewards.py, mercy through the
bout's input (arena/engine/core/mercy.py).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from .errors import LudusError

# How an appeal for mercy is decided: the engine's rule, and who may vote.
MERCY_CHOICES = {
    "dice": "The rule set's dice",
    "spare": "Always spare",
    "kill": "Always kill",
    "vote_gm": "A thumbs vote of the GM",
    "vote_players": "A thumbs vote of the players",
    "vote_everyone": "A thumbs vote of everyone watching",
}
VOTERS = {"vote_gm": "gm", "vote_players": "players", "vote_everyone": "everyone"}

# Far beyond any campaign's prices, and small enough that no payout can approach the most a
# gladiator may hold (characters/ledger.py MAX_BALANCE, 1,000,000,000) in one line.
PURSE_MAX = 100_000
VOTE_SECONDS = (10, 1800)  # the worker's ETA messages stay below the broker's visibility timeout


@dataclass(frozen=True, slots=True)
class HouseRules:
    starting_purse: int = 150  # gold each new gladiator starts with
    appearance_fee: int = 10  # gold to every entrant of a fought bout, win or lose, dead or alive
    loser_share: float = 0.25  # each loser gets this fraction of the winner's purse
    mercy: str = "dice"  # one of MERCY_CHOICES
    mercy_vote_seconds: int = 60  # how long a mercy vote stays open
    # Whether one player may enter gladiators on both teams of one bout (team rule sets): off,
    # a player fights for one side, as the Elders' teams of players are meant to.
    both_teams: bool = False

    @property
    def engine_rule(self) -> str:
        """The rule the engine reads (core/mercy.py): a vote of anyone is "vote"."""
        return "vote" if self.mercy in VOTERS else self.mercy

    @property
    def voters(self) -> str:
        """Who votes on an appeal ("gm", "players", "everyone"), or "" when nobody does."""
        return VOTERS.get(self.mercy, "")


DEFAULTS = HouseRules()
FIELDS = tuple(asdict(DEFAULTS))


def house_rules_of(options: dict[str, Any]) -> HouseRules:
    """The house rules stored in a campaign's options, defaults for those never set."""
    return HouseRules(**{key: options[key] for key in FIELDS if key in options})


# What a bad value of each rule is told, in the words docs/campaigns.md documents: the service,
# the page's form and the API all refuse with these (never a framework's generic text).
RULE_WORDS = {
    "starting_purse": f"The starting purse is a whole number from 0 to {PURSE_MAX:,}.",
    "appearance_fee": f"The appearance fee is a whole number from 0 to {PURSE_MAX:,}.",
    "loser_share": "The loser's share is a fraction of the winner's purse from 0 to 1 (0.25 is a "
    "quarter).",
    "mercy": f"Mercy is decided by one of: {', '.join(MERCY_CHOICES)}.",
    "mercy_vote_seconds": f"A mercy vote's time is a whole number from {VOTE_SECONDS[0]:,} to "
    f"{VOTE_SECONDS[1]:,}.",
    "both_teams": "Whether a player may enter gladiators on both teams is true or false.",
}


def _whole(value: Any, key: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise LudusError(RULE_WORDS[key], field=key)
    return value


def house_rules_clean(values: dict[str, Any]) -> dict[str, Any]:
    """The house rules given (any subset of FIELDS), checked: LudusError in words naming the
    first rule at fault, else the values to store."""
    unknown = sorted(set(values) - set(FIELDS))
    if unknown:
        raise LudusError(
            f"{unknown[0]} is not a house rule (they are: {', '.join(FIELDS)}).", field=unknown[0]
        )
    out: dict[str, Any] = {}
    if "starting_purse" in values:
        out["starting_purse"] = _whole(values["starting_purse"], "starting_purse", 0, PURSE_MAX)
    if "appearance_fee" in values:
        out["appearance_fee"] = _whole(values["appearance_fee"], "appearance_fee", 0, PURSE_MAX)
    if "loser_share" in values:
        share = values["loser_share"]
        if type(share) not in (int, float) or not 0 <= share <= 1:
            raise LudusError(RULE_WORDS["loser_share"], field="loser_share")
        out["loser_share"] = float(share)
    if "mercy" in values:
        if values["mercy"] not in MERCY_CHOICES:
            raise LudusError(RULE_WORDS["mercy"], field="mercy")
        out["mercy"] = values["mercy"]
    if "mercy_vote_seconds" in values:
        low, high = VOTE_SECONDS
        out["mercy_vote_seconds"] = _whole(
            values["mercy_vote_seconds"], "mercy_vote_seconds", low, high
        )
    if "both_teams" in values:
        if type(values["both_teams"]) is not bool:
            raise LudusError(RULE_WORDS["both_teams"], field="both_teams")
        out["both_teams"] = values["both_teams"]
    return out
