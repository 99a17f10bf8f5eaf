from __future__ import annotations

import pytest

from campaign.models import AuditEntry, Campaign, Membership
from campaign.selectors import campaign_role, campaigns_visible
from campaign.services import campaign_create, campaign_invite_reset, campaign_join
from campaign.shared.errors import LudusError, NotAllowed

pytestmark = pytest.mark.django_db


def test_the_creator_becomes_the_game_master(gm):
    campaign = campaign_create(by=gm, name="Ludus", ruleset="gladiatorquest")
    assert campaign_role(campaign=campaign, user=gm) == Membership.Role.GM
    assert campaign.visibility == Campaign.Visibility.PRIVATE
    assert AuditEntry.objects.filter(campaign=campaign, action="campaign.create", actor=gm).exists()


def test_two_private_campaigns_of_one_name_get_distinct_slugs(gm, outsider):
    """Two GMs who cannot see each other's private campaigns may pick one name (one GM twice
    is refused: tests/gm_tools/test_campaign_settings.py)."""
    first = campaign_create(by=gm, name="Ludus", ruleset="gladiatorquest")
    second = campaign_create(by=outsider, name="Ludus", ruleset="gladiatorquest")
    assert first.slug != second.slug


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"name": "  ", "ruleset": "gladiatorquest"}, "name"),
        ({"name": "X", "ruleset": "chess"}, "ruleset"),
        ({"name": "X", "ruleset": "gladiatorquest", "visibility": "secret"}, "visibility"),
    ],
)
def test_bad_campaign_input_is_refused_and_nothing_is_created(gm, fields, field):
    with pytest.raises(LudusError) as error:
        campaign_create(by=gm, **fields)
    assert error.value.field == field
    assert not Campaign.objects.exists()


def test_joining_needs_the_right_code(campaign, outsider):
    with pytest.raises(LudusError, match="invite code"):
        campaign_join(campaign=campaign, user=outsider, code="wrong")
    assert campaign_role(campaign=campaign, user=outsider) is None
    campaign_join(campaign=campaign, user=outsider, code=campaign.invite_code)
    assert campaign_role(campaign=campaign, user=outsider) == Membership.Role.PLAYER


def test_joining_twice_changes_nothing(campaign, owner):
    before = Membership.objects.count()
    campaign_join(campaign=campaign, user=owner, code=campaign.invite_code)
    assert Membership.objects.count() == before


def test_a_new_invite_code_retires_the_old_one(campaign, gm, outsider):
    old = campaign.invite_code
    campaign_invite_reset(campaign=campaign, by=gm)
    with pytest.raises(LudusError):
        campaign_join(campaign=campaign, user=outsider, code=old)


def test_only_the_gm_may_reset_the_invite_code(campaign, owner):
    old = campaign.invite_code
    with pytest.raises(NotAllowed):
        campaign_invite_reset(campaign=campaign, by=owner)
    campaign.refresh_from_db()
    assert campaign.invite_code == old


def test_private_campaigns_are_visible_to_members_only(campaign, public_campaign, owner, outsider):
    assert set(campaigns_visible(user=owner)) == {campaign, public_campaign}
    assert set(campaigns_visible(user=outsider)) == {public_campaign}
