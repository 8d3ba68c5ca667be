"""Per-client limits: token buckets on WebSocket messages, hellos, new tables and heavy
HTTP reads (replay pages, table lists), and the bounds of what a client may send.

A :class:`TokenBucket` holds up to ``burst`` tokens and gains ``rate`` tokens
per second; each message (or hello, or table, or seat name or rematch, or replay page or
table list) takes one. :class:`Limiter`
keeps one bucket per key (a client address, or one connection) and forgets
the oldest keys beyond ``keys`` so that the table of buckets stays bounded.

The defaults (:class:`Limits`) let a person play, a page reconnect and the
test suites create their tables, and stop a flood: a client over its limit is
answered ``rate_limited`` (domain ``web``, in its language) and a WebSocket over
its limit is not read until it may send again (TCP holds the flood back in the
client); one that goes on beyond :attr:`Limits.strikes` refused messages is
closed with code 1008 (policy violation). ``mahai serve --rate-limit-scale F`` multiplies
every rate and burst (0: no rate limits, for trusted networks and tests).
"""

from __future__ import annotations

import dataclasses
import functools
import ipaddress
import math
import time
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from mahai.core import InvalidOptions

MAX_BODY = 64 * 1024
"""The largest HTTP request body (bytes); a larger one is refused with 413 while it arrives."""
MAX_MESSAGE = 64 * 1024
"""The largest WebSocket message (bytes); uvicorn's ``ws_max_size`` in ``mahai serve``."""
MAX_DEPTH = 16
"""The deepest JSON nesting accepted in a body or a message (objects and arrays)."""
MAX_TURN_SECONDS = 24 * 3600
"""The longest turn timer (seconds) a table may have."""
MAX_INT_OPTION = 1_000_000
"""The largest absolute value of an integer option a game does not bound itself."""
MAX_SEATS = 16
"""The most seats a request may name (every game checks its own counts, :meth:`Game.check_players`)."""


IPV6_PREFIX = 64
"""An IPv6 client is counted by its /64 network: one host may use every address of its prefix."""


def client_key(host: str | None) -> str:
    """The key a client address is limited under: an IPv4 address as is (an
    IPv4-mapped IPv6 address as its IPv4 address), an IPv6 address as its
    /:data:`IPV6_PREFIX` network (rotating addresses inside one prefix gains
    nothing), anything else (a Unix socket, no address: ``"?"``) as is.

    >>> client_key("203.0.113.7"), client_key("::ffff:203.0.113.7")
    ('203.0.113.7', '203.0.113.7')
    >>> client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:bbbb::9")
    True
    >>> client_key("2001:db8:1:2::1"), client_key("2001:db8:1:3::1")
    ('2001:db8:1:2::/64', '2001:db8:1:3::/64')
    """
    if not host:
        return "?"
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, IPV6_PREFIX), strict=False))
    return str(address)


IPV6_SITE_PREFIX = 48
"""The network of one IPv6 site (often one customer: 65,536 /64s)."""
SITE_FACTOR = 16
"""A /:data:`IPV6_SITE_PREFIX` has its own budget beside each of its /64s': this many times a
/64's rates, bursts and connections. Without it, rotating /64s inside one /48 gave a fresh budget
each time, and past a :class:`Limiter`'s ``keys`` it pushed every other client's bucket out."""


@functools.lru_cache(maxsize=4096)
def site_key(key: str) -> str | None:
    """The /:data:`IPV6_SITE_PREFIX` network of an IPv6 client key (:func:`client_key`),
    None for any other key (an IPv4 address, ``"?"``, a key with more than an address).

    >>> site_key("2001:db8:1:2::/64"), site_key("203.0.113.7")
    ('2001:db8:1::/48', None)
    """
    if not key.endswith(f"/{IPV6_PREFIX}") or ":" not in key:
        return None
    try:
        return str(ipaddress.IPv6Network(key).supernet(new_prefix=IPV6_SITE_PREFIX))
    except ValueError:
        return None


@dataclass
class TokenBucket:
    """``burst`` tokens at most, ``rate`` more each second (``time.monotonic``)."""

    rate: float
    burst: float
    tokens: float = -1.0
    stamp: float = 0.0

    def take(self, now: float | None = None) -> bool:
        """Take one token if there is one; returns whether it was taken."""
        now = time.monotonic() if now is None else now
        if self.tokens < 0:
            self.tokens, self.stamp = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next token (0: one is there), as of the last :meth:`take`."""
        return max(0.0, (1.0 - self.tokens) / self.rate) if self.rate > 0 else 0.0


class Limiter:
    """One :class:`TokenBucket` per key, at most ``keys`` keys (the least recently
    used are forgotten: a forgotten client starts again with a full bucket).
    ``rate <= 0``: no limit."""

    def __init__(self, rate: float, burst: float, keys: int = 10_000) -> None:
        self.rate, self.burst, self.keys = rate, burst, keys
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, key: str, now: float | None = None) -> bool:
        """Whether ``key`` may do one more thing now (and count it); an IPv6 /64 also
        needs a token of its /48's bucket (:data:`SITE_FACTOR` times larger)."""
        if self.rate <= 0:
            return True
        if not self._bucket(key).take(now):
            return False
        site = site_key(key)
        return site is None or self._bucket(site, SITE_FACTOR).take(now)

    def wait(self, key: str) -> float:
        """Seconds until ``key`` (and its /48) has a token again (0: it has one)."""
        if self.rate <= 0:
            return 0.0
        site = site_key(key)
        own = self._bucket(key).wait()
        return own if site is None else max(own, self._bucket(site, SITE_FACTOR).wait())

    def _bucket(self, key: str, factor: float = 1.0) -> TokenBucket:
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = TokenBucket(self.rate * factor, self.burst * factor)
            while len(self.buckets) > self.keys:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(key)
        return bucket

    def bucket(self) -> TokenBucket | None:
        """A lone bucket with these settings (one connection's), or None without a limit."""
        return TokenBucket(self.rate, self.burst) if self.rate > 0 else None


@dataclass(frozen=True)
class Limits:
    """Rates (per second) and bursts of each limit; see the module docstring."""

    message_rate: float = 30.0
    """WebSocket messages of one connection."""
    message_burst: float = 120.0
    address_message_rate: float = 200.0
    """WebSocket messages of all the connections of one client address."""
    address_message_burst: float = 600.0
    hello_rate: float = 5.0
    """New WebSocket connections (hellos) of one client address."""
    hello_burst: float = 60.0
    table_rate: float = 0.5
    """New tables of one client address."""
    table_burst: float = 60.0
    change_rate: float = 1.0
    """Seat names and rematches one client address asks for at one table (a new name is told to
    every connection of the table, and written: 8,161 in 15 s from one player went through)."""
    change_burst: float = 20.0
    read_rate: float = 5.0
    """Heavy HTTP reads of one client address: replay pages (each up to megabytes of JSON built
    from the record) and table lists (up to 100 ids, each table found and perhaps rebuilt).
    The replay page asks for a page once the slider rests (150 ms) and keeps every page it got,
    so a drag across a 10,434-step game asked for 3; a lobby asks for one list and one per 100
    of its tables. A loop of them from one client took the server's CPU from everyone."""
    read_burst: float = 200.0
    """A school's class shares one address (its NAT): 30 players loading the lobby (2 lists) and
    a replay's first two pages at once are 120 reads (a burst of 50 refused 70 of them)."""
    lookup_rate: float = 50.0
    """Reads of one table's public summary (``GET /api/tables/{id}``) by one client address: each
    finds the table, rebuilt from the store if it is not in memory, as each id of a table list
    does (:attr:`read_rate`), and a loop of them from one client was served about 850 a second.
    The invitation page asks once; a page polling it ten times a second never meets it."""
    lookup_burst: float = 500.0
    strikes: int = 60
    """Messages over the rate limit lately before a WebSocket is closed."""
    connections: int = 100
    """WebSockets one client address may hold open at once (0: no limit); each one is
    sent every update of its table."""
    hello_seconds: float = 10.0
    """Seconds a new WebSocket has to say hello; then it is closed (1008) and no longer
    counts among its address's :attr:`connections` (not scaled)."""

    def scaled(self, factor: float) -> Limits:
        """Every rate and burst times ``factor`` (0: no rate limits)."""
        if factor <= 0:
            return replace(self, message_rate=0, address_message_rate=0, hello_rate=0, table_rate=0,
                           change_rate=0, read_rate=0, lookup_rate=0, connections=0)
        return replace(self, message_rate=self.message_rate * factor,
                       message_burst=self.message_burst * factor,
                       address_message_rate=self.address_message_rate * factor,
                       address_message_burst=self.address_message_burst * factor,
                       hello_rate=self.hello_rate * factor, hello_burst=self.hello_burst * factor,
                       table_rate=self.table_rate * factor, table_burst=self.table_burst * factor,
                       change_rate=self.change_rate * factor, change_burst=self.change_burst * factor,
                       read_rate=self.read_rate * factor, read_burst=self.read_burst * factor,
                       lookup_rate=self.lookup_rate * factor, lookup_burst=self.lookup_burst * factor,
                       connections=max(1, round(self.connections * factor)))


class Gate:
    """The limiters of one server, from its :class:`Limits`."""

    def __init__(self, limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        lim = self.limits
        self.messages = Limiter(lim.address_message_rate, lim.address_message_burst)
        self.hellos = Limiter(lim.hello_rate, lim.hello_burst)
        self.tables = Limiter(lim.table_rate, lim.table_burst)
        self.changes = Limiter(lim.change_rate, lim.change_burst)
        """Seat names and rematches, keyed by client address and table."""
        self.reads = Limiter(lim.read_rate, lim.read_burst)
        """Replay pages and table lists, keyed by client address."""
        self.lookups = Limiter(lim.lookup_rate, lim.lookup_burst)
        """One table's public summary, keyed by client address."""
        self.open: dict[str, int] = {}
        """Open WebSockets per client address."""

    def enter(self, address: str) -> bool:
        """Count a new WebSocket of ``address``; False (not counted) when it may open
        no more (:attr:`Limits.connections`; an IPv6 /48 :data:`SITE_FACTOR` times as many)
        or has said hello too often lately."""
        site = site_key(address)
        cap = self.limits.connections
        if cap and (self.open.get(address, 0) >= cap
                    or (site is not None and self.open.get(site, 0) >= cap * SITE_FACTOR)):
            return False
        if not self.hellos.take(address):
            return False
        for key in (address, site):
            if key is not None:
                self.open[key] = self.open.get(key, 0) + 1
        return True

    def leave(self, address: str) -> None:
        """A WebSocket counted by :meth:`enter` closed."""
        for key in (address, site_key(address)):
            if key is None:
                continue
            left = self.open.get(key, 0) - 1
            if left > 0:
                self.open[key] = left
            else:
                self.open.pop(key, None)

    def connection(self) -> TokenBucket | None:
        """A new connection's own message bucket (None: no limit)."""
        return Limiter(self.limits.message_rate, self.limits.message_burst).bucket()

    def message(self, address: str, own: TokenBucket | None) -> float:
        """0 if a message of a connection (its bucket ``own``) from ``address``
        may go on, else the seconds until it could: the connection should not
        be read meanwhile, so that a flood is held back by TCP itself."""
        if own is not None and not own.take():
            return own.wait()
        if not self.messages.take(address):
            return self.messages.wait(address)
        return 0.0


def nests_deeper(text: str | bytes, depth: int = MAX_DEPTH) -> bool:
    """Whether JSON ``text`` opens more than ``depth`` arrays or objects inside one another,
    found by a scan that does not recurse (brackets inside strings do not count).

    Checked before ``json.loads``: parsing thousands of nested brackets recurses to the
    interpreter's limit, and a collection at that depth may run finalizers that fail to log
    (a RecursionError printed by the event loop).

    >>> nests_deeper("[[[]]]", 2), nests_deeper('{"a": "[[[["}', 2), nests_deeper(b"[[1]]", 2)
    (True, False, False)
    """
    raw = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    if raw.count("[") + raw.count("{") <= depth:
        return False  # the usual message: too few brackets to be too deep
    level = 0
    in_string = escaped = False
    for ch in raw:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            level += 1
            if level > depth:
                return True
        elif ch in "]}":
            level -= 1
    return False


def json_ok(value: object, depth: int = MAX_DEPTH) -> bool:
    """Whether parsed JSON ``value`` nests at most ``depth`` deep and every string
    (keys included) is valid Unicode text (no lone surrogate, which JSON's
    ``\\ud800`` escapes allow but UTF-8 cannot carry).

    >>> json_ok({"a": [1, "x"]}), json_ok({"a": "\\ud800"}), json_ok([[[]]], depth=2)
    (True, False, False)
    """
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
        elif isinstance(item, dict | list):
            if level >= depth:
                return False
            if isinstance(item, dict):
                stack.extend((k, level + 1) for k in item)
                stack.extend((v, level + 1) for v in item.values())
            else:
                stack.extend((v, level + 1) for v in item)
    return True


def check_option_values(game_name: str, overrides: Mapping[str, Any]) -> None:
    """Bound the integer values of a request's options before the game reads
    them: a field's ``metadata["min"]`` / ``metadata["max"]`` when the game
    declares them (e.g. Mille Bornes' ``game_target``, MBR-17), else
    ±:data:`MAX_INT_OPTION`; a number written as a string counts the same.
    Other values, and unknown names, are left to the game's own checks
    (:meth:`~mahai.core.Game.options`).

    Raises:
        InvalidOptions: ``unknown_game``, or ``bad_option_value`` with the allowed range.
    """
    from mahai.games import get_game

    game = get_game(game_name)
    specs = {f.name: f.metadata for f in dataclasses.fields(type(next(iter(game.editions.values()))))}
    for raw, value in overrides.items():
        key = str(raw).replace("-", "_")
        if key not in specs:
            continue
        number: int | None = None
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif isinstance(value, float) and math.isfinite(value) and value == int(value):
            number = int(value)
        elif isinstance(value, str) and value.strip().lstrip("+-").isdigit():
            digits = value.strip().lstrip("+-")
            number = int(value) if len(digits) <= 30 else 10 ** 30
        if number is None:
            continue
        low, high = specs[key].get("min", -MAX_INT_OPTION), specs[key].get("max", MAX_INT_OPTION)
        if not low <= number <= high:
            shown = str(number) if len(str(number)) <= 20 else str(number)[:20] + "…"
            raise InvalidOptions("bad_option_value", option=key, value=shown, choices=f"{low}–{high}")
