"""`rulebook new game`: a game that passes `rulebook check` and the strict build at once.

It writes rules/<id>/game.yaml (facts, one section, one rule), en.yaml with their words, an empty
words file for each translation (every unit missing: the site shows the English with a notice),
the source note the schema asks for, and the game's entry in rules/project.yaml. With scoring, also
its scorer (scoring.py), its input schema (score.schema.json), its calculator (calculator.js) and a
worked example that `rulebook check` runs: every file in the game's folder.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from rulebook.authoring import round_trip, templates
from rulebook.authoring.schema_rules import game_id_pattern
from rulebook.load.project import PROJECT_FILE
from rulebook.load.schema import schema_problems
from rulebook.located.document import LoadError, parse_document
from rulebook.plan import Plan, Refused
from rulebook.problems import Problem
from rulebook.scorers import BROWSER_SCORER, INPUT_SCHEMA, SCORER
from rulebook.site_paths import taken_by_site
from rulebook.validate.safety import character_dangers

MAX_NAME = 80


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
        raise Refused(f"{PROJECT_FILE}: the game {new.id!r} is already listed")
    taken = taken_by_site(new.id, languages)
    if taken:
        raise Refused(f"{new.id!r} is {taken}: choose another id")
    source = languages[0]
    folder = root / "rules" / new.id
    if folder.exists():
        raise Refused(f"rules/{new.id} already exists; choose another id")
    plan = Plan(root)
    files = templates.game_files(new.id, json.dumps(new.name, ensure_ascii=False), source, new.scoring)
    for name, text in files.items():
        plan.new_file(folder / name, text)
    for language in languages[1:]:
        plan.new_file(folder / f"{language}.yaml", templates.empty_words(language, schema="../../schemas"))
    if new.scoring:
        plan.new_file(folder / SCORER, templates.scoring_module(new.id))
        plan.new_file(folder / INPUT_SCHEMA, templates.scoring_schema(new.id))
        plan.new_file(folder / BROWSER_SCORER, templates.browser_scorer(new.id))
    _validate(root, plan)
    games.append(new.id)
    plan.add(root / PROJECT_FILE, round_trip.dump(project))
    return plan


def _check_input(root: Path, new: NewGame) -> None:
    if not game_id_pattern(root).fullmatch(new.id):
        raise Refused(
            f"{new.id!r} is not a game id: lowercase letters and digits in words joined by '-', "
            "starting with a letter (schemas/project.schema.json)"
        )
    name = new.name
    if not name.strip() or name != name.strip():
        raise Refused("--name: a name is needed, without spaces at either end")
    if len(name) > MAX_NAME:
        raise Refused(f"--name: at most {MAX_NAME} characters")
    if "<" in name or ">" in name:
        raise Refused("--name: a name is plain text; '<' and '>' are not allowed")
    dangers = [*character_dangers(name)] + (["a name is one line"] if "\n" in name else [])
    if dangers:
        raise Refused(f"--name: {dangers[0]}")


def _validate(root: Path, plan: Plan) -> None:
    """Each YAML file we would write, against its schema: a bad value is refused with its place."""
    problems: list[Problem] = []
    for path, text in plan.texts.items():
        if path.suffix != ".yaml":
            continue
        schema = "game.schema.json" if path.name == "game.yaml" else "words.schema.json"
        display = str(path.relative_to(root))
        try:
            problems += schema_problems(parse_document(text.encode("utf-8"), display), root / "schemas" / schema)
        except LoadError as error:
            problems += error.problems
    if problems:
        raise Refused("\n".join(map(str, problems)))
