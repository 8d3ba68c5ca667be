"""The server refuses deeply nested JSON before parsing it (mahai/server/limits.py
``nests_deeper``): parsing thousands of nested brackets recursed to the interpreter's limit,
and a garbage collection at that depth made the event loop print a RecursionError
(tests/web/test_fuzz.py caught it once in CI)."""

from __future__ import annotations

import json
import sys

from mahai.server.limits import MAX_DEPTH, json_ok, nests_deeper


def test_depth_is_counted_outside_strings_only() -> None:
    assert not nests_deeper("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    assert nests_deeper("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert nests_deeper(b'{"a":' * (MAX_DEPTH + 1) + b"1" + b"}" * (MAX_DEPTH + 1))
    quoted = json.dumps({"type": "act", "action": "[" * 500 + '\\"{' * 100})
    assert not nests_deeper(quoted) and json_ok(json.loads(quoted))


def test_agrees_with_the_parsed_check_on_shallow_and_deep_documents() -> None:
    for n in (0, 1, MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, 40):
        doc: object = {"x": 1}
        for _ in range(n):
            doc = {"k": [doc, "]]}}"]}
        text = json.dumps(doc)
        assert nests_deeper(text) == (not json_ok(json.loads(text))), n


def test_a_nesting_past_the_recursion_limit_is_refused_without_parsing() -> None:
    text = "[" * (sys.getrecursionlimit() * 3) + "]" * (sys.getrecursionlimit() * 3)
    assert nests_deeper(text)
