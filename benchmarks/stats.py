"""The statistic every fixed-position benchmark prints: a mean and its standard error."""

from __future__ import annotations

import math
from collections.abc import Sequence


def mean_se(xs: Sequence[float]) -> tuple[float, float]:
    """The mean of ``xs`` and its standard error (the sample standard deviation over √n, with
    n − 1 in the variance; 0 for one value); ``(0.0, 0.0)`` for none.

    >>> mean_se([1.0, 2.0, 3.0])
    (2.0, 0.5773502691896257)
    """
    n = len(xs)
    if not n:
        return 0.0, 0.0
    m = sum(xs) / n
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / max(1, n - 1) / n)
