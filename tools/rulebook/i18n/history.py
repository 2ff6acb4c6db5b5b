"""The English a translation was made from, found again in git history by its hash.

A translation stores only a hash of its English. To show translators what changed (the `#| msgid`
of a fuzzy PO entry, as msgmerge writes it), we look the hash up in earlier versions of the file.
"""

from __future__ import annotations

import subprocess
from functools import cache
from pathlib import Path

import yaml

from rulebook.model import source_hash

HISTORY_DEPTH = 200  # commits of one file; enough for years of edits, cheap to read


@cache
def earlier_texts(root: Path, relative: str) -> dict[str, str]:
    """hash → text, for every unit text (and glossary readings line) in earlier versions of a file.
    Empty when the project is not a git checkout."""
    try:
        revisions = subprocess.run(
            ["git", "-C", str(root), "log", "--format=%H", "-n", str(HISTORY_DEPTH), "--", relative],
            capture_output=True,
            text=True,
            check=True,
            timeout=30,
        ).stdout.split()
    except (OSError, subprocess.SubprocessError):
        return {}
    texts: dict[str, str] = {}
    for revision in revisions:
        try:
            content = subprocess.run(
                ["git", "-C", str(root), "show", f"{revision}:{relative}"],
                capture_output=True,
                text=True,
                check=True,
                timeout=30,
            ).stdout
            data = yaml.safe_load(content)
        except (OSError, subprocess.SubprocessError, yaml.YAMLError):
            continue
        for text in _texts(data):
            texts.setdefault(source_hash(text), text)
    return texts


def _texts(data: object) -> list[str]:
    if not isinstance(data, dict):
        return []
    if isinstance(data.get("units"), dict):
        return [unit["text"] for unit in data["units"].values() if isinstance(unit, dict) and "text" in unit]
    symbols = data.get("symbols")
    if isinstance(symbols, list):
        return [" · ".join(s["readings"]) for s in symbols if isinstance(s, dict) and "readings" in s]
    return []
