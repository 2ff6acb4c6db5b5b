"""The English a translation was made from, found again in git history by its hash.

A translation stores only a hash of its English. To show translators what changed (the `#| msgid`
of a fuzzy PO entry, as msgmerge writes it), we look the hash up in earlier versions of the file.
"""

from __future__ import annotations

import subprocess
from functools import cache
from pathlib import Path

import yaml

from rulebook.editions.timeline import recorded_english
from rulebook.located.limits import MAX_YAML_BYTES
from rulebook.model import Game, Glossary, Project, source_hash
from rulebook.problems import display_path

HISTORY_DEPTH = 200  # commits of one file; enough for years of edits, cheap to read
GIT_TIMEOUT = 30.0  # seconds; a git that hangs (a lock, a network mount) costs the history, not the command


def earlier_texts(root: Path, relative: str) -> dict[str, str]:
    """hash → text, for every unit text (and glossary readings line) in earlier versions of a file.
    Empty when the project is not a git checkout."""
    revisions = git_output(root, "log", "--format=%H", "-n", str(HISTORY_DEPTH), "--", relative)
    if not revisions:
        return {}
    return _texts_in(root, relative, tuple(revisions.split()))


def _texts_in(root: Path, relative: str, revisions: tuple[str, ...]) -> dict[str, str]:
    return {source_hash(text): text for _, text in _unit_texts_in(root, relative, revisions)}


@cache  # keyed by the revisions themselves: a new commit is seen, an unchanged history is read once
def _unit_texts_in(root: Path, relative: str, revisions: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(unit id, text) for every unit text and readings line of every revision, without repeats."""
    pairs: dict[tuple[str, str], None] = {}
    for revision in revisions:
        content = git_output(root, "show", f"{revision}:{relative}")
        if len(content.encode("utf-8")) > MAX_YAML_BYTES:
            continue  # a revision `check` would refuse unparsed: parsing it (pure-Python YAML) is slow
        try:
            data = yaml.safe_load(content) if content else None
        except yaml.YAMLError:
            continue
        pairs.update(dict.fromkeys(_texts(data)))
    return tuple(pairs)


def git_output(root: Path, *args: str) -> str:
    """What a git command prints in the project; nothing when git is missing, fails or hangs."""
    try:
        return subprocess.run(
            ["git", "-C", str(root), *args], capture_output=True, text=True, check=True, timeout=GIT_TIMEOUT
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return ""


def _texts(data: object) -> list[tuple[str, str]]:
    """(unit id, text) of one revision: its units, or the glossary symbols' readings lines."""
    if not isinstance(data, dict):
        return []
    if isinstance(data.get("units"), dict):
        units = data["units"].items()
        return [(str(unit_id), unit["text"]) for unit_id, unit in units if isinstance(unit, dict) and "text" in unit]
    symbols = data.get("symbols")
    if isinstance(symbols, list):
        return [
            (f"symbol.{s.get('id')}.readings", " · ".join(s["readings"]))
            for s in symbols
            if isinstance(s, dict) and "readings" in s
        ]
    return []


def earlier_english(project: Project, text_set: Game | Glossary) -> dict[str, str]:
    """hash → every English text (or readings line) the text set has had, as far as git knows."""
    english = text_set.words[project.source_language]  # callers have it: po_target refuses, basis returns first
    texts = recorded_english(project, text_set) if isinstance(text_set, Game) else {}
    texts.update(earlier_texts(project.root, english.document.file))
    if isinstance(text_set, Glossary) and text_set.document.file:
        # Readings live in symbols.yaml, not in en.yaml.
        texts.update(earlier_texts(project.root, display_path(project.root / text_set.document.file, project.root)))
    return texts


def earlier_units(project: Project, text_set: Game | Glossary) -> dict[str, set[str]]:
    """English text → the ids of the units that have had it, as far as git knows: which unit an
    entry without msgctxt was made for."""
    english = text_set.words[project.source_language]
    files = [english.document.file]
    if isinstance(text_set, Glossary) and text_set.document.file:
        files.append(display_path(project.root / text_set.document.file, project.root))
    units: dict[str, set[str]] = {}
    for relative in files:
        revisions = git_output(project.root, "log", "--format=%H", "-n", str(HISTORY_DEPTH), "--", relative)
        for unit_id, text in _unit_texts_in(project.root, relative, tuple(revisions.split())):
            units.setdefault(text, set()).add(unit_id)
    return units


def unit_texts_in_history(root: Path, relative: str, unit_id: str) -> list[str]:
    """The texts one unit had in the committed versions of a words file, newest first (the
    working copy's uncommitted edit is not among them)."""
    revisions = git_output(root, "log", "--format=%H", "-n", str(HISTORY_DEPTH), "--", relative)
    texts = []
    for revision in revisions.split():
        content = git_output(root, "show", f"{revision}:{relative}")
        try:
            data = yaml.safe_load(content) if content else None
        except yaml.YAMLError:
            continue
        units = data.get("units") if isinstance(data, dict) else None
        unit = units.get(unit_id) if isinstance(units, dict) else None
        if isinstance(unit, dict) and isinstance(unit.get("text"), str):
            texts.append(unit["text"])
    return texts
