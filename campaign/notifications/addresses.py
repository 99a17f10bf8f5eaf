"""Which network addresses the worker may post a webhook to: public ones only.

An address is public when `ipaddress` calls it global, no registry row below names it, it is
not multicast, an IPv6 one lies in the global unicast space (2000::/3), and every IPv4 address
it carries (IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo) is public too. A carrier that
only wraps an IPv4 address (mapped, compatible, the well-known NAT64 prefix) is judged by the
address it carries.

The rows are the IANA special-purpose address registries (IPv4 and IPv6) whose addresses are
not globally reachable, or are reachable only as a shared service (anycast relays, AS112, AMT)
or through a deprecated relay (6to4): no webhook receiver lives there. Python's own tables
(`is_global`) changed across 3.12 patch releases (3.12.1 calls 192.0.0.192 and 3fff::1
global); the rows make the verdict the same on every Python this project runs on.
"""

from __future__ import annotations

import ipaddress
from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network

Address = IPv4Address | IPv6Address

_ROWS: tuple[tuple[str, str], ...] = (
    # IPv4 special-purpose address registry
    ("0.0.0.0/8", "'this network'"),
    ("10.0.0.0/8", "private-use"),
    ("100.64.0.0/10", "shared address space, carrier-grade NAT"),
    ("127.0.0.0/8", "loopback"),
    ("169.254.0.0/16", "link-local"),
    ("172.16.0.0/12", "private-use"),
    ("192.0.0.0/24", "IETF protocol assignments"),
    ("192.0.2.0/24", "documentation, TEST-NET-1"),
    ("192.31.196.0/24", "AS112 service"),
    ("192.52.193.0/24", "AMT relay anycast"),
    ("192.88.99.0/24", "6to4 relay anycast, deprecated"),
    ("192.168.0.0/16", "private-use"),
    ("192.175.48.0/24", "AS112 direct delegation"),
    ("198.18.0.0/15", "benchmarking"),
    ("198.51.100.0/24", "documentation, TEST-NET-2"),
    ("203.0.113.0/24", "documentation, TEST-NET-3"),
    ("224.0.0.0/4", "multicast"),
    ("240.0.0.0/4", "reserved"),
    ("255.255.255.255/32", "limited broadcast"),
    # IPv6 special-purpose address registry
    ("::/128", "unspecified"),
    ("::1/128", "loopback"),
    ("64:ff9b:1::/48", "local-use NAT64"),
    ("100::/64", "discard-only"),
    ("100:0:0:1::/64", "dummy prefix"),
    ("2001::/32", "Teredo"),  # the two more specific rows first: they name it better
    ("2001:2::/48", "benchmarking"),
    ("2001::/23", "IETF protocol assignments"),
    ("2001:db8::/32", "documentation"),
    ("2002::/16", "6to4"),
    ("2620:4f:8000::/48", "AS112 direct delegation"),
    ("3fff::/20", "documentation"),
    ("5f00::/16", "SRv6 segment identifiers"),
    ("fc00::/7", "unique-local"),
    ("fe80::/10", "link-local"),
    ("fec0::/10", "site-local, deprecated"),
    ("ff00::/8", "multicast"),
)
REGISTRY: tuple[tuple[IPv4Network | IPv6Network, str], ...] = tuple(
    (ipaddress.ip_network(network), name) for network, name in _ROWS
)
GLOBAL_UNICAST = IPv6Network("2000::/3")
# Prefixes that only carry an IPv4 address: the carried address is the one reached.
_COMPATIBLE = IPv6Network("::/96")
_NAT64 = IPv6Network("64:ff9b::/96")
_LOCAL_NAT64 = IPv6Network("64:ff9b:1::/48")
_SIXTOFOUR = IPv6Network("2002::/16")


def carried_ipv4(address: IPv6Address) -> list[tuple[str, IPv4Address]]:
    """The IPv4 addresses an IPv6 address carries, each with the name of the wrapping."""
    found: list[tuple[str, IPv4Address]] = []
    last32 = IPv4Address(int(address) & 0xFFFFFFFF)
    if address.ipv4_mapped is not None:
        found.append(("IPv4-mapped", address.ipv4_mapped))
    elif address in _COMPATIBLE and int(address) > 1:  # :: and ::1 are themselves
        found.append(("IPv4-compatible", last32))
    if address in _NAT64 or address in _LOCAL_NAT64:
        found.append(("NAT64", last32))
    if address in _SIXTOFOUR:
        found.append(("6to4", IPv4Address((int(address) >> 80) & 0xFFFFFFFF)))
    if address.teredo is not None:
        server, client = address.teredo
        found += [("Teredo server", server), ("Teredo client", client)]
    return found


def _is_carrier(address: IPv6Address) -> bool:
    return (
        address.ipv4_mapped is not None
        or address in _NAT64
        or (address in _COMPATIBLE and int(address) > 1)
    )


def refusal(address: Address) -> str | None:
    """Why `address` is no place for a webhook ("loopback (127.0.0.0/8)"), or None when it is
    a public address."""
    if isinstance(address, IPv6Address):
        for wrapping, inner in carried_ipv4(address):
            why = refusal(inner)
            if why:
                return f"{wrapping} for {inner}, {why}"
        if _is_carrier(address):
            return None  # the carried IPv4 address, public, is the one reached
    for network, name in REGISTRY:
        if address in network:
            return f"{name} ({network})"
    if isinstance(address, IPv6Address) and address not in GLOBAL_UNICAST:
        return "outside the global unicast space (2000::/3)"
    if address.is_multicast or not address.is_global:
        return "not a global address"
    return None
