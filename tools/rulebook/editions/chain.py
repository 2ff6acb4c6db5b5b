"""The hash chain of a game's editions: each edition's `chain` covers the chain of the edition
before it and its own version, dates and snapshot hash, as git's commits do. Rewriting an old
edition (its snapshot, and the snapshot's hash to match) then breaks its link, and every later
link is broken in turn by rewriting that one: `rulebook check` says which link no longer holds.

It is no signature: whoever rewrites every link from the edited one to the latest passes. What it
catches is an old edition edited in place, by hand or by a merge, which a diff shows as one line.
"""

from __future__ import annotations

import hashlib
import json

FIRST = ""  # what the first edition's link covers as the chain before it


def link(previous: str, version: str, date: str, effective: str | None, sha256: str) -> str:
    """The chain hash of an edition: SHA-256, in hex, of its fields and the previous chain as one
    JSON array, so no two different records read as the same bytes.

    >>> link(FIRST, "1.0", "2026-12-01", None, "0" * 64) == link(FIRST, "1.0", "2026-12-01", None, "0" * 64)
    True
    >>> link(FIRST, "1.0", "2026-12-01", None, "0" * 64) == link(FIRST, "1.0", "2026-12-02", None, "0" * 64)
    False
    """
    record = json.dumps([previous, version, date, effective, sha256], ensure_ascii=True)
    return hashlib.sha256(record.encode("ascii")).hexdigest()
