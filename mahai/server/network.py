"""Addresses for invitations that reach other devices of the home network.

``mahai serve --lan`` (or ``--host 0.0.0.0``) listens on every interface;
:func:`network_addresses` finds the addresses a phone on the same network can
open, and :func:`share_origin` puts one of them in the links a creator shares
when the creator's own browser opened the server as ``localhost`` (a link to
``localhost`` would send the phone to itself). Otherwise a link uses the
address the creator's browser used. QR codes of links are drawn by
:func:`qr_data_uri` (``segno``).
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Sequence

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})
"""The names by which a browser on the server's own machine reaches it, and
that mean nothing on another device."""

WILDCARDS = frozenset({"0.0.0.0", "::", ""})


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def network_addresses() -> list[str]:
    """The machine's IPv4 addresses that other devices of its networks can
    reach (no loopback, no link-local), the one of the default route first.

    The default route's address is what the system picks to reach a private
    address: connecting a UDP socket sends nothing. Other addresses come from
    the host name's resolution. Empty when the machine has no network.
    """
    found: list[str] = []
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            try:
                s.connect((probe, 9))
                found.append(str(s.getsockname()[0]))
            except OSError:
                continue
    try:
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        pass
    out: list[str] = []
    for address in found:
        if _usable(address) and address not in out:
            out.append(address)
    return out


def listen_addresses(host: str) -> list[str]:
    """The addresses to put in shared links for a server listening on
    ``host``: every network address for a wildcard (``0.0.0.0``, ``::``), the
    address itself for a specific non-loopback one, none for loopback (links
    then use the address the browser used)."""
    if host in WILDCARDS:
        return network_addresses()
    return [host] if _usable(host) else []


def split_host(netloc: str) -> tuple[str, str]:
    """``"host:port"`` → ``("host", ":port")`` (IPv6 in brackets kept; no port → "").

    >>> split_host("localhost:8000"), split_host("[::1]:80"), split_host("example.org")
    (('localhost', ':8000'), ('[::1]', ':80'), ('example.org', ''))
    """
    if netloc.startswith("["):
        end = netloc.find("]")
        return netloc[:end + 1], netloc[end + 1:]
    host, sep, port = netloc.rpartition(":")
    return (host, sep + port) if sep and port.isdigit() else (netloc, "")


def share_origin(scheme: str, netloc: str, lan: Sequence[str]) -> str:
    """The origin (``scheme://host:port``) of links the creator sends to other
    devices, from the ``Host`` the creator's browser used (``netloc``): on a
    server that listens on the network (``lan`` non-empty), a loopback name
    (``localhost``, ``127.0.0.1``, ``[::1]``) becomes the first network
    address; any other host, e.g. ``127.0.0.2`` or ``192.168.1.20``, is kept.

    >>> share_origin("http", "localhost:8000", ["192.168.1.20"])
    'http://192.168.1.20:8000'
    >>> share_origin("http", "127.0.0.2:8000", ["192.168.1.20"])
    'http://127.0.0.2:8000'
    >>> share_origin("http", "localhost:8000", [])
    'http://localhost:8000'
    """
    host, port = split_host(netloc)
    if host.lower() in LOOPBACK_NAMES and lan:
        first = lan[0]
        host = f"[{first}]" if ":" in first else first
    return f"{scheme}://{host}{port}"


def this_machine_only(netloc: str, lan: Sequence[str]) -> bool:
    """Whether links made from the ``Host`` the creator's browser used (``netloc``) open on the
    server's own machine only: a loopback name (:data:`LOOPBACK_NAMES`) on a server that listens
    on no network address (``lan`` empty, the default ``--host``). The invitations page then says
    how to reach the server from a phone (the play test of session 15: a phone could not open a
    ``http://127.0.0.1:8000/…`` invitation nor its QR code, and nothing said why).

    >>> this_machine_only("localhost:8000", []), this_machine_only("[::1]:8000", [])
    (True, True)
    >>> this_machine_only("localhost:8000", ["192.168.1.20"]), this_machine_only("mahai.example.org", [])
    (False, False)
    """
    return not lan and split_host(netloc)[0].lower() in LOOPBACK_NAMES


def qr_data_uri(text: str) -> str:
    """A QR code of ``text`` as an SVG ``data:`` URI (``segno``, error level M,
    4-pixel modules, dark on white)."""
    import segno

    return str(segno.make(text, error="m").svg_data_uri(scale=4, border=2))
