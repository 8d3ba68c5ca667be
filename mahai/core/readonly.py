"""Read-only JSON values, so a part of a view can be shared by many views.

A projection that rebuilds every list and dict of a view for every viewer at
every version spends most of its time copying what did not change. Parts that
are built once and shared instead must not be changeable by whoever receives
them: arrays are tuples and objects are :class:`ReadOnlyDict`. Both serialise
with :mod:`json` exactly as lists and dicts do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NoReturn


class ReadOnlyDict(dict[str, Any]):
    """A ``dict`` whose contents cannot change (``TypeError`` on any change).

    It compares equal to a ``dict`` with the same items and is a ``dict`` for
    :func:`json.dumps`. ``dict(d)`` or ``d.copy()`` give an ordinary dict. It stops
    accidents, not intent: ``dict`` methods called on it directly
    (``dict.__setitem__(d, k, v)``, ``d.__init__(…)``) still write.
    """

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("this part of a view is shared and read-only; copy it with dict()")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[type[ReadOnlyDict], tuple[dict[str, Any]]]:
        # pickle and deepcopy would otherwise refill the dict through __setitem__.
        return ReadOnlyDict, (dict(self),)


def freeze(value: Any) -> Any:
    """``value`` with every list/tuple made a tuple and every mapping a
    :class:`ReadOnlyDict`, recursively (other values are returned as they are)."""
    if isinstance(value, Mapping):
        return ReadOnlyDict({key: freeze(item) for key, item in value.items()})
    if isinstance(value, Sequence) and not isinstance(value, str):
        return tuple(freeze(item) for item in value)
    return value
