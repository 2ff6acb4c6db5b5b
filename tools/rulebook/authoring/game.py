"""`rulebook new game`: a game that passes `rulebook check` and the strict build at once.

It writes rules/<id>/game.yaml (facts, one section, one rule), en.yaml with their words, an empty
words file for each translation (every unit missing: the site shows the English with a notice),
the source note the schema asks for, edition 1.0 recorded (editions.yaml, editions/1.0.yaml, and
its summary unit in en.yaml) and the game's entry in rules/project.yaml. With scoring, also
its scorer (scoring.py), its input schema (score.schema.json), the schema of the facts it computes
with (facts.schema.json), its calculator (calculator.js), its
scoring cases (scoring-cases.json, which the content tests run), its form adapter (calculator_form.py,
which the browser tests fill the calculator's form with) and a worked example that `rulebook check`
runs: every file in the game's folder.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
from dataclasses import dataclass
from pathlib import Path

from rulebook.addresses.reserved_paths import taken_by_site
from rulebook.authoring import round_trip, templates
from rulebook.authoring.schema_rules import game_id_pattern
from rulebook.documents.schema import schema_problems
from rulebook.editions.chain import FIRST
from rulebook.editions.history import HISTORY_FILE, Edition, history_text
from rulebook.editions.snapshot import digest, snapshot_path, snapshot_text, take_snapshot
from rulebook.files.plan import Plan
from rulebook.files.scorers import BROWSER_SCORER, FACTS_SCHEMA, INPUT_SCHEMA, SCORER
from rulebook.load.project import PROJECT_FILE, numbered_sections, words_from_document
from rulebook.located.document import LoadError, parse_document
from rulebook.model import Game, Project
from rulebook.problem_codes import Message
from rulebook.problems import Problem, Refused, cut, excerpt
from rulebook.validate.safety import character_dangers, name_dangers

MAX_NAME = 80
NAME_OPTION = "--name"


@dataclass(frozen=True)
class NewGame:
    id: str
    name: str
    scoring: bool


def plan_game(root: Path, new: NewGame) -> Plan:
    """Every file the new game needs, checked; raises Refused before anything is written."""
    _check_input(root, new)
    project = round_trip.read(root, PROJECT_FILE)
    languages: list[str] = list(round_trip.sequence(project, "languages", str(PROJECT_FILE)))
    games = round_trip.sequence(project, "games", str(PROJECT_FILE))
    if new.id in games:
        raise Refused.at(PROJECT_FILE, Message("authoring.game-listed", {}, {"id": excerpt(new.id)}))
    if taken_by_site(new.id, languages):
        raise Refused.at("", _taken(new.id, languages))
    source = languages[0]
    folder = root / "rules" / new.id
    if folder.exists():
        raise Refused.at("", Message("authoring.game-folder-exists", {}, {"folder": cut(f"rules/{new.id}")}))
    plan = Plan(root)
    files = templates.game_files(new.id, json.dumps(new.name, ensure_ascii=False), source, new.scoring)
    for name, text in files.items():
        plan.new_file(folder / name, text)
    for language in languages[1:]:
        plan.new_file(folder / f"{language}.yaml", templates.empty_words(language, schema="../../schemas"))
    if new.scoring:
        plan.new_file(folder / SCORER, templates.scoring_module(new.id))
        plan.new_file(folder / INPUT_SCHEMA, templates.scoring_schema(new.id))
        plan.new_file(folder / FACTS_SCHEMA, templates.facts_schema(new.id))
        plan.new_file(folder / BROWSER_SCORER, templates.browser_scorer(new.id))
        plan.new_file(folder / templates.SCORING_CASES, templates.scoring_cases(new.id, new.name))
        plan.new_file(folder / templates.FORM_ADAPTER, templates.form_adapter())
    _validate(root, plan)  # the templates, which the first edition's snapshot is taken from
    _plan_first_edition(plan, folder, languages)
    _validate(root, plan)  # and the edition's files
    games.append(new.id)
    plan.add(root / PROJECT_FILE, round_trip.dump(project))
    return plan


def _check_input(root: Path, new: NewGame) -> None:
    if not game_id_pattern(root).fullmatch(new.id):
        raise Refused.at("", Message("authoring.not-a-game-id", {}, {"id": excerpt(new.id)}))
    name = new.name
    if not name.strip() or name != name.strip():
        raise Refused.at("", Message("authoring.name-needed"), field=NAME_OPTION)
    if len(name) > MAX_NAME:
        raise Refused.at("", Message("authoring.name-too-long", {"limit": MAX_NAME}), field=NAME_OPTION)
    # The checks `rulebook check` makes of a game's name: markup first, then controls and lines.
    dangers = [*name_dangers(name), *character_dangers(name)]
    dangers += [Message("authoring.name-lines")] if "\n" in name else []
    if dangers:
        raise Refused.at("", dangers[0], field=NAME_OPTION)


def _taken(game_id: str, languages: list[str]) -> Message:
    """An id the site keeps for itself, said with the code `rulebook check` gives it (load/project.py)."""
    if game_id in languages:
        return Message("project.game-id-is-language", {"language": game_id}, {"id": excerpt(game_id)})
    return Message("project.game-id-is-site-page", {}, {"id": excerpt(game_id)})


def _plan_first_edition(plan: Plan, folder: Path, languages: list[str]) -> None:
    """Edition 1.0, recorded as `rulebook edition new` records one (its snapshot and the history
    naming its hash), from the files the plan holds: written with them or not at all."""
    documents = {
        path.name: parse_document(text.encode("utf-8"), path.name)
        for path, text in plan.texts.items()
        if path.parent == folder and path.suffix == ".yaml"
    }
    data = documents["game.yaml"].data
    sections = numbered_sections(data)
    game = Game(data["id"], data["name"], folder, data["facts"], sections, sources={}, document=documents["game.yaml"])
    game.words = {language: words_from_document(documents[f"{language}.yaml"], languages[0]) for language in languages}
    version = templates.FIRST_EDITION
    text = snapshot_text(take_snapshot(Project(plan.root, languages, [game]), game, version))
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    plan.new_file(snapshot_path(folder, version), text)
    first = Edition(version, today, digest(text.encode("utf-8")))
    plan.new_file(folder / HISTORY_FILE, history_text([dataclasses.replace(first, chain=first.linked(FIRST))]))


def _schema(path: Path) -> str:
    """The schema of a YAML file of a game's folder, by its place."""
    if path.name == "game.yaml":
        return "game.schema.json"
    if path.name == HISTORY_FILE:
        return "editions.schema.json"
    return "snapshot.schema.json" if path.parent.name == "editions" else "words.schema.json"


def _validate(root: Path, plan: Plan) -> None:
    """Each YAML file we would write, against its schema: a bad value is refused with its place."""
    problems: list[Problem] = []
    for path, text in plan.texts.items():
        if path.suffix != ".yaml":
            continue
        schema = _schema(path)
        display = str(path.relative_to(root))
        try:
            problems += schema_problems(parse_document(text.encode("utf-8"), display), root / "schemas" / schema)
        except LoadError as error:
            problems += error.problems
    if problems:
        raise Refused(problems)
