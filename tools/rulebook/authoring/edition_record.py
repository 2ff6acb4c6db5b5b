"""`rulebook edition new GAME VERSION`: record the game as it stands as a new edition."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from rulebook.editions.chain import FIRST
from rulebook.editions.dates import parsed_day, still_to_come, today
from rulebook.editions.history import HISTORY_FILE, Edition, history_text, read_history, read_snapshot
from rulebook.editions.snapshot import digest, snapshot_path, snapshot_text, take_snapshot
from rulebook.editions.versions import is_version, version_key
from rulebook.files.plan import Plan
from rulebook.model import Game, Project, Status, Unit, edition_unit
from rulebook.problem_codes import Message
from rulebook.problems import Problem, Refused, cut, display_path, excerpt, one_line
from rulebook.validate.qa import source_term_messages
from rulebook.validate.text import translation_messages


def plan_edition(
    project: Project,
    game_id: str,
    version: str,
    date: str | None,
    summary: str | None = None,
    effective: str | None = None,
) -> Plan:
    """The snapshot, the history with the new edition (its link in the chain made) and its English
    summary unit (which translators then translate like any other), or Refused with the reason.
    `date` is the day it is published (today, UTC, by default), never one still to come; `effective`
    the day it takes effect, which may be, but not before `date`."""
    root = project.root
    game = project.game(game_id)
    if game is None:
        raise Refused.at("", Message("edition.unknown-game", {}, {"game": excerpt(game_id)}))
    if not is_version(version):
        raise Refused.at("", Message("edition.not-a-version", {}, {"version": excerpt(version)}))
    day = _day(date)
    effective_day = _effective_day(effective, day)
    history, problems = read_history(root, game.folder)
    if problems:
        raise Refused([_unfixed(problems[0])])
    latest = history.latest
    shown = {"game": cut(game.id)}
    if history.edition(version) is not None:
        raise Refused.at("", Message("edition.exists", {"version": version}, shown))
    # 1.2.0 is 1.2 again: the same version in disguise, refused as the same.
    same = next((old for old in history.editions if version_key(old.version) == version_key(version)), None)
    if same is not None:
        raise Refused.at("", Message("edition.exists-as", {"version": version, "existing": same.version}, shown))
    if latest is not None and version_key(version) <= version_key(latest.version):
        raise Refused.at("", Message("edition.comes-before", {"version": version, "latest": latest.version}, shown))
    if latest is not None and day < latest.date:
        dates = {"date": day, "latest_date": latest.date, "latest": latest.version}
        raise Refused.at("", Message("edition.date-before", dates))
    snapshot = take_snapshot(project, game, version)
    if latest is not None:
        previous, problems = read_snapshot(root, history, latest.version)
        if previous is None:
            unreadable = Problem.coded("", 0, 0, Message("edition.latest-snapshot-unreadable"))
            raise Refused(problems[:1] or [unreadable])
        if previous.same_content(snapshot):
            where = {"folder": cut(one_line(display_path(game.folder, root)))}
            raise Refused.at("", Message("edition.nothing-changed", {"latest": latest.version}, where))
    text = snapshot_text(snapshot)
    plan = Plan(root)
    english = game.words[project.source_language]
    unit_id = edition_unit(version)
    if unit_id not in english.units:
        words_file = root / english.document.file
        plan.add(words_file, _with_summary(project, game, words_file, unit_id, summary))
    plan.new_file(snapshot_path(game.folder, version), text)
    edition = Edition(version, day, digest(text.encode("utf-8")), effective=effective_day)
    edition = dataclasses.replace(edition, chain=edition.linked(latest.chain if latest else FIRST))
    plan.add(game.folder / HISTORY_FILE, history_text([*history.editions, edition], history.renames))
    return plan


def _with_summary(project: Project, game: Game, path: Path, unit_id: str, summary: str | None) -> str:
    """The English words file with the edition's summary unit added at the end of `units`."""
    if summary is None or not summary.strip():
        raise Refused.at("", Message("edition.summary-needed", {}, {"unit": cut(unit_id)}))
    # The checks `rulebook check` makes of every English unit: no raw HTML, hostile link or character.
    # And the words terms.yaml retires ("rack"): a summary `check` would then refuse is refused here.
    unit = Unit(unit_id, summary, Status.ORIGINAL)
    dangers = list(translation_messages(game, unit, None)) + source_term_messages(project, unit)
    if dangers:
        raise Refused.at("", dangers[0], field="--summary")
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    top = [index for index, line in enumerate(lines) if line and not line[0].isspace() and not line.startswith("#")]
    if not top or not lines[top[-1]].startswith("units:"):
        raise Refused.at(path.name, Message("edition.units-not-last", {}, {"unit": cut(unit_id)}))
    return text.rstrip("\n") + f"\n  {unit_id}:\n    text: {json.dumps(summary.strip(), ensure_ascii=False)}\n"


def _day(date: str | None) -> str:
    if date is None:
        return today()
    day = parsed_day(date)
    if day is None:
        raise Refused.at("", Message("edition.not-a-date", {}, {"date": excerpt(date)}))
    if still_to_come(day):
        raise Refused.at("", Message("edition.date-in-future", {"date": day}))
    return day


def _effective_day(effective: str | None, day: str) -> str | None:
    if effective is None:
        return None
    effective_day = parsed_day(effective)
    if effective_day is None:
        raise Refused.at("", Message("edition.not-an-effective-date", {}, {"date": excerpt(effective)}))
    if effective_day < day:
        raise Refused.at("", Message("edition.effective-before", {"effective": effective_day, "date": day}))
    return effective_day


def _unfixed(problem: Problem) -> Problem:
    """The history's first problem, at its place, said with what to do first; its code is a param."""
    unfixed = Message(
        "edition.history-unfixed", {"cause": problem.code}, {"problem": problem.message, "command": "`rulebook check`"}
    )
    return Problem.coded(problem.file, problem.line, problem.col, unfixed)
