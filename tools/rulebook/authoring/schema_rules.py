"""What the schemas say an id or a language code looks like, read from them rather than repeated."""

from __future__ import annotations

import json
import re
from pathlib import Path


def _pattern(root: Path, key: str) -> re.Pattern[str]:
    schema = json.loads((root / "schemas" / "project.schema.json").read_text(encoding="utf-8"))
    return re.compile(schema["properties"][key]["items"]["pattern"])


def game_id_pattern(root: Path) -> re.Pattern[str]:
    return _pattern(root, "games")


def language_pattern(root: Path) -> re.Pattern[str]:
    return _pattern(root, "languages")


def id_pattern(root: Path) -> re.Pattern[str]:
    """A section's, rule's, example's or ruling's id (game.schema.json), its length included."""
    schema = json.loads((root / "schemas" / "game.schema.json").read_text(encoding="utf-8"))
    rule = schema["$defs"]["id"]
    return re.compile(f"(?=.{{1,{rule['maxLength']}}}\\Z){rule['pattern']}")
