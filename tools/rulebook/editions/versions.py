"""Edition versions: "1.0", "1.1", "2.0", compared part by part as numbers."""

from __future__ import annotations

import re

VERSION = re.compile(r"^[0-9]{1,4}(\.[0-9]{1,4}){0,3}$")


def version_key(version: str) -> tuple[int, ...]:
    """The order of versions: 1.10 comes after 1.9.

    >>> sorted(["1.10", "1.9", "1.0"], key=version_key)
    ['1.0', '1.9', '1.10']
    """
    return tuple(int(part) for part in version.split("."))


def is_version(text: str) -> bool:
    """
    >>> is_version("1.1"), is_version("1.x"), is_version("")
    (True, False, False)
    """
    return VERSION.match(text) is not None
