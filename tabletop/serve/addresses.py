"""This computer's addresses a phone at the table can reach, read without QtNetwork (which the
standalone app leaves out): the host name's addresses, and the one a route out leaves by. The
window offers them to the GM; a server told to listen on every address (0.0.0.0) links by the
first of them, since a phone cannot open 0.0.0.0. Qt-free."""

from __future__ import annotations

import contextlib
import ipaddress
import socket

LOOPBACK = "127.0.0.1"
WILDCARDS = ("0.0.0.0", "::", "")
"""Hosts meaning every address of this computer: a place to listen, not one to link to."""


def table_addresses() -> list[tuple[str, str]]:
    """(address, what it is) of this computer: loopback first, then its IPv4 addresses on a
    network (the table's Wi-Fi, a cable), as the GM picks one."""
    found: list[str] = []
    with contextlib.suppress(OSError):
        for *_, address in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(address[0])
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # a documentation address: no route is used, no packet sent
        found.append(probe.getsockname()[0])
    network = [a for a in dict.fromkeys(found) if not a.startswith(("127.", "0."))]
    return [(LOOPBACK, "This computer only"), *((a, "The table's network") for a in network)]


def link_host(host: str) -> str:
    """The address a link names for a server listening on `host`: `host` itself, or for every
    address the first on a network (this computer's own when it has none)."""
    if host not in WILDCARDS:
        return host
    addresses = table_addresses()
    return addresses[1][0] if len(addresses) > 1 else LOOPBACK


def url_host(host: str) -> str:
    """The host as a link names it: an IPv6 address in brackets."""
    try:
        return f"[{host}]" if ipaddress.ip_address(host).version == 6 else host
    except ValueError:
        return host
