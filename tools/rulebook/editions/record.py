"""`rulebook edition new GAME VERSION`: record the game as it stands as a new edition."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

from rulebook.editions.history import HISTORY_FILE, Edition, history_text, read_history, read_snapshot
from rulebook.editions.snapshot import digest, snapshot_path, snapshot_text, take_snapshot
from rulebook.editions.versions import is_version, version_key
from rulebook.model import Game, Project, Status, Unit, edition_unit
from rulebook.plan import Plan, Refused
from rulebook.problems import display_path, excerpt
from rulebook.validate.text import translation_messages


def plan_edition(project: Project, game_id: str, version: str, date: str | None, summary: str | None = None) -> Plan:
    """The snapshot, the history with the new edition and its English summary unit (which
    translators then translate like any other), or Refused with the reason."""
    root = project.root
    game = project.game(game_id)
    if game is None:
        raise Refused(f"no game {excerpt(game_id)} in rules/project.yaml")
    if not is_version(version):
        raise Refused(f"{excerpt(version)} is not a version: numbers separated by dots, such as 1.1")
    day = _day(date)
    history, problems = read_history(root, game.folder)
    if problems:
        raise Refused(f"{problems[0]}; fix the history first (`rulebook check`)")
    latest = history.latest
    if history.edition(version) is not None:
        raise Refused(f"{game.id} already has an edition {version}")
    if latest is not None and version_key(version) <= version_key(latest.version):
        raise Refused(f"edition {version} would come before {latest.version}, the latest edition of {game.id}")
    if latest is not None and day < latest.date:
        raise Refused(f"the date {day} is before {latest.date}, the date of edition {latest.version}")
    snapshot = take_snapshot(project, game, version)
    if latest is not None:
        previous, problems = read_snapshot(root, history, latest.version)
        if previous is None:
            raise Refused(f"{problems[0] if problems else 'the latest snapshot cannot be read'}")
        if previous.rules == snapshot.rules and previous.sections == snapshot.sections:
            where = display_path(game.folder, root)
            raise Refused(f"nothing changed in {where} since edition {latest.version}: no edition recorded")
    text = snapshot_text(snapshot)
    plan = Plan(root)
    english = game.words[project.source_language]
    unit_id = edition_unit(version)
    if unit_id not in english.units:
        plan.add(root / english.document.file, _with_summary(game, root / english.document.file, unit_id, summary))
    plan.new_file(snapshot_path(game.folder, version), text)
    edition = Edition(version, day, digest(text.encode("utf-8")))
    plan.add(game.folder / HISTORY_FILE, history_text([*history.editions, edition]))
    return plan


def _with_summary(game: Game, path: Path, unit_id: str, summary: str | None) -> str:
    """The English words file with the edition's summary unit added at the end of `units`."""
    if summary is None or not summary.strip():
        raise Refused(f"say what edition changes in a sentence: --summary TEXT (the {unit_id} unit)")
    # The checks `rulebook check` makes of every English unit: no raw HTML, hostile link or character.
    dangers = list(translation_messages(game, Unit(unit_id, summary, Status.ORIGINAL), None))
    if dangers:
        raise Refused(f"--summary: {dangers[0]}")
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    top = [index for index, line in enumerate(lines) if line and not line[0].isspace() and not line.startswith("#")]
    if not top or not lines[top[-1]].startswith("units:"):
        raise Refused(f"{path.name}: units is not the file's last key; add {unit_id} by hand")
    return text.rstrip("\n") + f"\n  {unit_id}:\n    text: {json.dumps(summary.strip(), ensure_ascii=False)}\n"


def _day(date: str | None) -> str:
    if date is None:
        return datetime.datetime.now(datetime.UTC).date().isoformat()
    try:
        return datetime.date.fromisoformat(date).isoformat() if len(date) == 10 else _bad_date(date)
    except ValueError:
        return _bad_date(date)


def _bad_date(date: str) -> str:
    raise Refused(f"--date {excerpt(date)} is not a date: write YYYY-MM-DD")
