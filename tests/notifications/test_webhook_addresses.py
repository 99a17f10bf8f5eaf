"""Where a webhook may be posted: public addresses only. Every special-purpose range of the IANA
registries (IPv4 and IPv6), each IPv4 address smuggled inside an IPv6 one (mapped, compatible,
NAT64, 6to4, Teredo), written as an address or reached through a name; the address connected
to is the one checked."""

from __future__ import annotations

import asyncio
import socket
from concurrent.futures import ThreadPoolExecutor
from ipaddress import ip_address

import pytest
from aiohttp.abc import AbstractResolver, ResolveResult
from django.urls import reverse

from campaign.notifications.addresses import REGISTRY, refusal
from campaign.notifications.models import Delivery, Event
from campaign.notifications.services import event_record, webhook_create
from campaign.notifications.tasks import delivery_send_task
from campaign.notifications.webhooks import post

# (address, the range it is refused for, or None for a public address)
SPECIAL = [
    # IPv4 special-purpose address registry
    ("0.0.0.0", "'this network' (0.0.0.0/8)"),
    ("0.1.2.3", "'this network' (0.0.0.0/8)"),
    ("10.0.0.1", "private-use (10.0.0.0/8)"),
    ("10.255.255.254", "private-use (10.0.0.0/8)"),
    ("100.64.0.1", "shared address space, carrier-grade NAT (100.64.0.0/10)"),
    ("100.127.255.254", "shared address space, carrier-grade NAT (100.64.0.0/10)"),
    ("127.0.0.1", "loopback (127.0.0.0/8)"),
    ("127.255.255.254", "loopback (127.0.0.0/8)"),
    ("169.254.169.254", "link-local (169.254.0.0/16)"),
    ("172.16.0.1", "private-use (172.16.0.0/12)"),
    ("172.31.255.254", "private-use (172.16.0.0/12)"),
    ("192.0.0.1", "IETF protocol assignments (192.0.0.0/24)"),  # service continuity /29
    ("192.0.0.8", "IETF protocol assignments (192.0.0.0/24)"),  # dummy address
    ("192.0.0.9", "IETF protocol assignments (192.0.0.0/24)"),  # PCP anycast
    ("192.0.0.10", "IETF protocol assignments (192.0.0.0/24)"),  # TURN anycast
    ("192.0.0.170", "IETF protocol assignments (192.0.0.0/24)"),  # NAT64 discovery
    ("192.0.0.171", "IETF protocol assignments (192.0.0.0/24)"),
    ("192.0.0.192", "IETF protocol assignments (192.0.0.0/24)"),
    ("192.0.2.1", "documentation, TEST-NET-1 (192.0.2.0/24)"),
    ("192.31.196.1", "AS112 service (192.31.196.0/24)"),
    ("192.52.193.1", "AMT relay anycast (192.52.193.0/24)"),
    ("192.88.99.1", "6to4 relay anycast, deprecated (192.88.99.0/24)"),
    ("192.168.0.1", "private-use (192.168.0.0/16)"),
    ("192.168.255.254", "private-use (192.168.0.0/16)"),
    ("192.175.48.1", "AS112 direct delegation (192.175.48.0/24)"),
    ("198.18.0.1", "benchmarking (198.18.0.0/15)"),
    ("198.19.255.254", "benchmarking (198.18.0.0/15)"),
    ("198.51.100.1", "documentation, TEST-NET-2 (198.51.100.0/24)"),
    ("203.0.113.1", "documentation, TEST-NET-3 (203.0.113.0/24)"),
    ("224.0.0.1", "multicast (224.0.0.0/4)"),
    ("239.255.255.250", "multicast (224.0.0.0/4)"),
    ("240.0.0.1", "reserved (240.0.0.0/4)"),
    ("255.255.255.254", "reserved (240.0.0.0/4)"),
    ("255.255.255.255", "reserved (240.0.0.0/4)"),
    # IPv6 special-purpose address registry
    ("::", "unspecified (::/128)"),
    ("::1", "loopback (::1/128)"),
    ("::ffff:127.0.0.1", "IPv4-mapped for 127.0.0.1, loopback (127.0.0.0/8)"),
    ("::ffff:10.0.0.1", "IPv4-mapped for 10.0.0.1, private-use (10.0.0.0/8)"),
    ("::ffff:169.254.169.254", "IPv4-mapped for 169.254.169.254, link-local (169.254.0.0/16)"),
    ("::127.0.0.1", "IPv4-compatible for 127.0.0.1, loopback (127.0.0.0/8)"),
    ("::10.1.2.3", "IPv4-compatible for 10.1.2.3, private-use (10.0.0.0/8)"),
    ("64:ff9b::7f00:1", "NAT64 for 127.0.0.1, loopback (127.0.0.0/8)"),
    ("64:ff9b::a9fe:a9fe", "NAT64 for 169.254.169.254, link-local (169.254.0.0/16)"),
    ("64:ff9b::c0a8:1", "NAT64 for 192.168.0.1, private-use (192.168.0.0/16)"),
    ("64:ff9b:1::7f00:1", "NAT64 for 127.0.0.1, loopback (127.0.0.0/8)"),
    ("64:ff9b:1::808:808", "local-use NAT64 (64:ff9b:1::/48)"),
    ("100::1", "discard-only (100::/64)"),
    ("100:0:0:1::1", "dummy prefix (100:0:0:1::/64)"),
    ("2001:1::1", "IETF protocol assignments (2001::/23)"),  # PCP anycast
    ("2001:1::2", "IETF protocol assignments (2001::/23)"),  # TURN anycast
    ("2001:1::3", "IETF protocol assignments (2001::/23)"),  # DNS-SD SRP anycast
    ("2001:3::1", "IETF protocol assignments (2001::/23)"),  # AMT
    ("2001:4:112::1", "IETF protocol assignments (2001::/23)"),  # AS112-v6
    ("2001:10::1", "IETF protocol assignments (2001::/23)"),  # ORCHID, deprecated
    ("2001:20::1", "IETF protocol assignments (2001::/23)"),  # ORCHIDv2
    ("2001:30::1", "IETF protocol assignments (2001::/23)"),  # drone remote ID
    ("2001:1ff::1", "IETF protocol assignments (2001::/23)"),
    ("2001:2::1", "benchmarking (2001:2::/48)"),
    ("2001:0:808:808::fefe:fefe", "Teredo (2001::/32)"),  # server 8.8.8.8, client 1.1.1.1
    ("2001:0:7f00:1::ffff:ffff", "Teredo server for 127.0.0.1, loopback (127.0.0.0/8)"),
    ("2001:0:808:808:0:0:80ff:fffe", "Teredo client for 127.0.0.1, loopback (127.0.0.0/8)"),
    ("2001:db8::1", "documentation (2001:db8::/32)"),
    ("2002:7f00:1::", "6to4 for 127.0.0.1, loopback (127.0.0.0/8)"),
    ("2002:a9fe:a9fe::1", "6to4 for 169.254.169.254, link-local (169.254.0.0/16)"),
    ("2002:808:808::1", "6to4 (2002::/16)"),
    ("2620:4f:8000::1", "AS112 direct delegation (2620:4f:8000::/48)"),
    ("3fff::1", "documentation (3fff::/20)"),
    ("5f00::1", "SRv6 segment identifiers (5f00::/16)"),
    ("fc00::1", "unique-local (fc00::/7)"),
    ("fd12:3456::1", "unique-local (fc00::/7)"),
    ("fe80::1", "link-local (fe80::/10)"),
    ("fec0::1", "site-local, deprecated (fec0::/10)"),
    ("ff02::1", "multicast (ff00::/8)"),
    ("ff0e::1", "multicast (ff00::/8)"),
    # Outside the global unicast space: unassigned, and SIIT's IPv4-translated form
    ("4000::1", "outside the global unicast space (2000::/3)"),
    ("e000::1", "outside the global unicast space (2000::/3)"),
    ("::ffff:0:808:808", "outside the global unicast space (2000::/3)"),
    # Public, with the neighbours of the ranges above
    ("8.8.8.8", None),
    ("1.1.1.1", None),
    ("11.0.0.1", None),
    ("100.63.255.255", None),
    ("100.128.0.1", None),
    ("126.255.255.255", None),
    ("128.0.0.1", None),
    ("169.253.255.255", None),
    ("172.15.255.255", None),
    ("172.32.0.1", None),
    ("192.0.1.1", None),
    ("192.0.3.1", None),
    ("198.17.255.255", None),
    ("198.20.0.1", None),
    ("223.255.255.254", None),
    ("::ffff:8.8.8.8", None),
    ("::8.8.8.8", None),
    ("64:ff9b::808:808", None),
    ("2606:4700:4700::1111", None),
    ("2a00:1450:4001::1", None),
    ("2001:200::1", None),
]


@pytest.mark.parametrize(("address", "refused_for"), SPECIAL)
def test_every_special_range_is_refused_and_only_those(address, refused_for):
    assert refusal(ip_address(address)) == refused_for


@pytest.mark.parametrize(("network", "name"), REGISTRY, ids=[str(n) for n, _ in REGISTRY])
def test_each_registry_row_is_refused_from_its_first_to_its_last_address(network, name):
    """Whatever this Python's own tables say (3.12.1 calls 192.0.0.192 and 3fff::1 global)."""
    for address in (network[0], network[-1]):
        assert refusal(address) is not None, address


class FixedAnswer(AbstractResolver):
    """A name service that answers `addresses` for every name, counting the questions."""

    def __init__(self, *addresses: str) -> None:
        self.addresses, self.asked = addresses, 0

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        self.asked += 1
        return [
            ResolveResult(
                hostname=host,
                host=a,
                port=port,
                proto=0,
                flags=socket.AI_NUMERICHOST,
                family=socket.AF_INET6 if ":" in a else socket.AF_INET,
            )
            for a in self.addresses
        ]

    async def close(self) -> None:
        pass


REFUSED = [(address, why) for address, why in SPECIAL if why]


@pytest.mark.parametrize(("address", "refused_for"), REFUSED)
def test_a_name_resolving_to_a_special_address_is_not_connected_to(address, refused_for, settings):
    settings.LUDUS_WEBHOOK_ALLOW_PRIVATE = False
    names = FixedAnswer(address)
    answer = post("http://hooks.example.org/hook", b"{}", {}, resolver=names)
    shown = ip_address(address)
    assert answer.permanent and not answer.ok
    assert answer.error == (
        f"Not sent: hooks.example.org is at {shown}, {refused_for}; "
        "webhooks go to public addresses only."
    )
    assert names.asked == 1


@pytest.mark.parametrize(("address", "refused_for"), REFUSED)
def test_a_special_address_written_in_the_url_is_not_connected_to(address, refused_for, settings):
    settings.LUDUS_WEBHOOK_ALLOW_PRIVATE = False
    host = f"[{address}]" if ":" in address else address
    answer = post(f"http://{host}:8080/hook", b"{}", {})
    assert answer.permanent and not answer.ok
    assert answer.error == (
        f"Not sent: {ip_address(address)} is {refused_for}; webhooks go to public addresses only."
    )


def test_a_literal_address_is_named_once(receiver, settings):
    settings.LUDUS_WEBHOOK_ALLOW_PRIVATE = False
    answer = post(receiver.url, b"{}", {})
    assert answer.error == (
        "Not sent: 127.0.0.1 is loopback (127.0.0.0/8); webhooks go to public addresses only."
    )
    assert receiver.posts == []


def test_a_name_the_system_resolves_to_the_loopback_is_refused(receiver, settings):
    """localhost, through the system's own resolver, to where a receiver really listens."""
    settings.LUDUS_WEBHOOK_ALLOW_PRIVATE = False
    answer = post(receiver.url.replace("127.0.0.1", "localhost"), b"{}", {})
    assert answer.permanent and "Not sent: localhost is at " in answer.error
    assert "loopback" in answer.error
    assert receiver.posts == []


def test_the_address_connected_to_is_the_one_checked(receiver, settings):
    """One lookup serves the check and the connection: a name that answers a public address
    to the check and the loopback to the connection (DNS rebinding) has no second lookup to
    answer. With the check off, the same lookup's answer is where the post goes."""
    names = FixedAnswer("127.0.0.1")
    url = receiver.url.replace("127.0.0.1", "hooks.example.org")
    settings.LUDUS_WEBHOOK_ALLOW_PRIVATE = False
    refused = post(url, b"{}", {}, resolver=names)
    assert refused.permanent and names.asked == 1 and receiver.posts == []

    settings.LUDUS_WEBHOOK_ALLOW_PRIVATE = True
    sent = post(url, b"{}", {}, resolver=names)
    assert sent.ok and names.asked == 2 and len(receiver.posts) == 1
    assert receiver.posts[0].headers["Host"].startswith("hooks.example.org:")


def test_one_public_address_of_several_is_not_enough_to_reach_a_private_one(settings):
    """Every address of the answer is checked as it is tried: the private ones never."""
    settings.LUDUS_WEBHOOK_ALLOW_PRIVATE = False
    answer = post(
        "http://hooks.example.org/hook", b"{}", {}, resolver=FixedAnswer("10.0.0.1", "::1")
    )
    assert answer.permanent and "10.0.0.1" in answer.error


@pytest.mark.django_db
def test_a_private_address_gives_up_at_once_and_the_gm_reads_why(
    receiver, campaign, gm, settings, client_as
):
    """Issue: it was retried six times. Through the worker's own task, with its retries."""
    hook = webhook_create(campaign=campaign, by=gm, url=receiver.url)
    settings.LUDUS_WEBHOOK_ALLOW_PRIVATE = False
    event = event_record(
        campaign=campaign, kind=Event.Kind.BOUT_FOUGHT, key="bout_fought:9",
        text="The opening was fought.", users=[],
    )  # fmt: skip
    delivery = Delivery.objects.create(event=event, channel=Delivery.Channel.WEBHOOK, webhook=hook)
    delivery_send_task.apply(args=[delivery.pk])

    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.next_attempt_at) == ("failed", 1, None)
    why = "Not sent: 127.0.0.1 is loopback (127.0.0.0/8); webhooks go to public addresses only."
    assert delivery.log[0]["error"] == why
    assert receiver.posts == []
    page = client_as(gm).get(reverse("webhooks", args=[campaign.slug])).content.decode()
    row = page[page.index('id="delivery-log"') :]
    assert "Gave up" in row and why in row


def test_a_post_from_a_thread_whose_own_loop_runs_still_goes_out(receiver):
    """An async caller (or Playwright's sync API, whose loop runs in the tests' thread) cannot
    run a second loop in its thread: the post takes a thread of its own and is delivered."""

    async def from_inside_a_loop():
        return post(receiver.url, b'{"n": 1}', {"Content-Type": "application/json"})

    # A thread of the test's own, so that its loop is the only one there whatever ran before.
    with ThreadPoolExecutor(1) as pool:
        answer = pool.submit(asyncio.run, from_inside_a_loop()).result()
    assert answer.ok, answer.error
    assert [p.body for p in receiver.posts] == [b'{"n": 1}']
