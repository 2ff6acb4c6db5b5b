"""Edition versions: "1.0", "1.1", "2.0", compared part by part as numbers, trailing zeros aside."""

from __future__ import annotations

import re

# Matched whole (fullmatch): `$` alone would let a trailing newline through. The schemas say the
# same with `(?!\n)$`, since jsonschema searches and its `$` also matches before a final newline.
VERSION = re.compile(r"[0-9]{1,4}(\.[0-9]{1,4}){0,3}")


def version_key(version: str) -> tuple[int, ...]:
    """The order of versions: 1.10 comes after 1.9, and 1.2.0 is 1.2 (trailing zeros do not count,
    so a version cannot repeat an earlier one in disguise).

    >>> sorted(["1.10", "1.9", "1.0"], key=version_key)
    ['1.0', '1.9', '1.10']
    >>> version_key("1.2.0") == version_key("1.2"), version_key("1.0") == version_key("1")
    (True, True)
    """
    parts = [int(part) for part in version.split(".")]
    while parts and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def is_version(text: str) -> bool:
    """
    >>> is_version("1.1"), is_version("1.x"), is_version(""), is_version("1.1\\n")
    (True, False, False, False)
    """
    return VERSION.fullmatch(text) is not None
