"""Every door at once (issue 23): each file kind the toolkit reads, with the corpus of tests/hostile.py
planted in it. A door is either planted here, door × payload, or names the test that already plants
the whole corpus there; and a test keeps that table complete against the files `rulebook check`
really opens, so a new door without a test fails.

A payload is refused by `rulebook check` with a problem at its file:line:col, or, at a door whose
text the check lets through because the output escapes it (names, readings), the rendered output
stays inert. Which of the two is the door's contract (README, "What text may contain"), and the test
asserts it: a payload the contract refuses must be refused there, and one it lets through must not
be refused and must render harmless. Many payloads share one copy, each at its own line, so the
whole table runs in seconds without a site build. The doors are planted in the translated fixture as
tests/hostile.py makes it (make_hostile_project: alpha with its editions, the project's glossary),
with beta's coverage map (fixture_games.add_source_map) and mkdocs.yml (make_door_project); the table
of doors is held against the files `rulebook check` opens in that fixture given a file of every kind
(make_table_project).
"""

from __future__ import annotations

import builtins
import fnmatch
import io
import json
import re
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import markdown
import pytest

from conftest import ROOT, locate, made_once
from fixture_games import add_source_map, with_site_sources
from harness import restore, tree_state
from hostile import (
    BUILT_EXAMPLE_READS,
    BUILT_GAME_NAME,
    BUILT_LANGUAGE_NAME,
    BUILT_READING,
    BUILT_SITE_NAME,
    PALETTE_BREAKOUT,
    REFUSED_TEXT,
    make_hostile_project,
    read_yaml,
    write_yaml,
)
from hostile import SAFETY_WORDS as TEXT_SAFETY_WORDS
from rulebook.load.project import load_project
from rulebook.located.document import read_document
from rulebook.render.pages import render_pages
from rulebook.validate.check import check_project
from rulebook.validate.safety import MARKDOWN_EXTENSIONS, character_dangers
from rulebook.validate.site_config import site_config_problems
from site_scan import dangers_in_page, scripts_of

# The names' payloads of tests/hostile.py: plain text that breaks out of an attribute or makes an
# element unless it is escaped, and text that only looks alarming.
NAME_PAYLOADS: list[tuple[str, str]] = [
    ("attribute breakout with a link", BUILT_GAME_NAME),
    ("element with a handler", BUILT_READING),
    ("script and link", BUILT_EXAMPLE_READS),
    ("palette attribute breakout", PALETTE_BREAKOUT),
    ("ampersand and apostrophes", BUILT_SITE_NAME),
    ("accents, ampersand and apostrophe", BUILT_LANGUAGE_NAME),
]
CORPUS: list[tuple[str, str]] = [*REFUSED_TEXT, *NAME_PAYLOADS]


@dataclass(frozen=True)
class Spot:
    """Where a payload was planted: the problem must name this file, line and column."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}:"


@dataclass(frozen=True)
class Door:
    name: str
    slots: int  # how many payloads one copy takes, each at its own line
    plant: Callable[[Path, list[str]], list[Spot]]
    refuses: Callable[[str], bool | None]  # the door's contract: refused here? None: refused or inert
    pages: Callable[[str], bool] = lambda path: "/" not in path  # the pages that print the door's text
    text: Callable[[str], str] = lambda payload: payload  # what is written for a payload
    config_field: str = ""  # a name of mkdocs.yml: checked and printed alone


def text_refused(payload: str) -> bool | None:
    """Units and ids: every payload of the text corpus is refused; the names' payloads are refused or
    inert (an ampersand is text)."""
    return True if payload in dict(REFUSED_TEXT).values() else None


def name_refused(forbidden: str) -> Callable[[str], bool]:
    """A name is plain text: refused for its markup characters, and for controls as every text is."""
    return lambda payload: any(char in payload for char in forbidden) or any(character_dangers(payload))


# --- planting -------------------------------------------------------------------------------------


def spot(root: Path, file: str, path: tuple) -> Spot:
    line, column = read_document(root / file, file).where(path)
    return Spot(file, line, column)


def make_door_project(root: Path) -> None:
    """The project the doors are planted in: make_hostile_project, with beta's coverage map of its source
    (add_source_map) and what a build reads besides (mkdocs.yml, the assets)."""
    make_hostile_project(root)
    add_source_map(root)
    with_site_sources(root, package=False)


# The fixture's games (make_door_project), each with its English sections: alpha's overview and turn, beta's overview.
GAMES = ("alpha", "beta")


def plant_fact(root: Path, payloads: list[str]) -> list[Spot]:
    file = "rules/beta/game.yaml"
    data = read_yaml(root / file)
    group = next(iter(data["facts"]))
    names = [f"planted_{index}" for index in range(len(payloads))]
    data["facts"][group].update(zip(names, payloads, strict=True))
    write_yaml(root / file, data)
    return [spot(root, file, ("facts", group, name)) for name in names]


def plant_game_name(root: Path, payloads: list[str]) -> list[Spot]:
    files = [f"rules/{game}/game.yaml" for game in read_yaml(root / "rules/project.yaml")["games"]]
    for file, payload in zip(files, payloads, strict=False):
        data = read_yaml(root / file)
        data["name"] = payload
        write_yaml(root / file, data)
    return [spot(root, file, ("name",)) for file, _ in zip(files, payloads, strict=False)]


# The source language's: a translation's typography QA (straight apostrophes) is no safety refusal.
SECTION_FILES = [f"rules/{game}/en.yaml" for game in GAMES]
SECTIONS = [
    ("rules/alpha/en.yaml", "section.overview"),
    ("rules/alpha/en.yaml", "section.turn"),
    ("rules/beta/en.yaml", "section.overview"),
]


def section_units(root: Path) -> list[tuple[str, str]]:
    return [
        (file, unit_id)
        for file in SECTION_FILES
        for unit_id in read_yaml(root / file)["units"]
        if unit_id.startswith("section.")
    ]


def plant_section_name(root: Path, payloads: list[str]) -> list[Spot]:
    places = section_units(root)[: len(payloads)]
    assert section_units(root) == SECTIONS
    for file in {file for file, _ in places}:
        data = read_yaml(root / file)
        for (where, unit_id), payload in zip(places, payloads, strict=False):
            if where == file:
                data["units"][unit_id]["text"] = payload
        write_yaml(root / file, data)
    return [spot(root, file, ("units", unit_id, "text")) for file, unit_id in places]


def plant_reading(root: Path, payloads: list[str]) -> list[Spot]:
    file = "glossary/symbols.yaml"
    data = read_yaml(root / file)
    for symbol, payload in zip(data["symbols"], payloads, strict=False):
        symbol["readings"].append(payload)
    write_yaml(root / file, data)
    symbols = data["symbols"][: len(payloads)]
    return [spot(root, file, ("symbols", index, "readings", len(s["readings"]) - 1)) for index, s in enumerate(symbols)]


def coverage_map(root: Path) -> str:
    return next((root / "rules").glob("*/sources/*.coverage.yaml")).relative_to(root).as_posix()


def plant_coverage(root: Path, payloads: list[str]) -> list[Spot]:
    file = coverage_map(root)
    data = read_yaml(root / file)
    first = len(data["not_rules"])
    data["not_rules"] += [{"text": payload, "why": "planted"} for payload in payloads]
    write_yaml(root / file, data)
    # and in the source, which check compares the map with (issue 46): the payloads are its words.
    with (root / file).with_name(data["source"]).open("a", encoding="utf-8") as source:
        source.write("".join(f"\n{payload}" for payload in payloads))
    return [spot(root, file, ("not_rules", first + index, "text")) for index in range(len(payloads))]


def plant_term(root: Path, payloads: list[str]) -> list[Spot]:
    file = "glossary/terms.yaml"
    data = read_yaml(root / file)
    forbidden = data["terms"][0]["fr"].setdefault("forbidden", [])
    first = len(forbidden)
    forbidden += payloads
    write_yaml(root / file, data)
    return [spot(root, file, ("terms", 0, "fr", "forbidden", first + index)) for index in range(len(payloads))]


def plant_game_id(root: Path, payloads: list[str]) -> list[Spot]:
    file = "rules/project.yaml"
    data = read_yaml(root / file)
    first = len(data["games"])
    data["games"] += payloads
    write_yaml(root / file, data)
    return [spot(root, file, ("games", first + index)) for index in range(len(payloads))]


HISTORY = "rules/alpha/editions.yaml"
# The latest recorded edition, 1.0.2 (record_corrections): a forger rewrites its hash and link, and no
# later edition's link then needs writing again.
SNAPSHOT = "rules/alpha/editions/1.0.2.yaml"
# Its rules (players, winner, draw, pass, discard), each in en, fr and cs.
SNAPSHOT_TEXTS = 5 * 3


def snapshot_texts(root: Path) -> list[tuple[str, str]]:
    """Each rule's text in each language of a recorded edition: (rule id, language)."""
    assert read_yaml(root / HISTORY)["editions"][-1]["version"] == "1.0.2"
    rules = read_yaml(root / SNAPSHOT)["rules"]
    return [(rule_id, language) for rule_id, rule in rules.items() for language in rule["text"]]


def plant_snapshot_text(root: Path, payloads: list[str]) -> list[Spot]:
    """Payloads in a recorded edition's texts, and the edition's hash and link written again to
    match, as a forger would: the history then holds, and the texts are judged as units' are."""
    from rulebook.editions.chain import FIRST, link
    from rulebook.editions.snapshot import digest

    data = read_yaml(root / SNAPSHOT)
    places = snapshot_texts(root)[: len(payloads)]
    assert len(snapshot_texts(root)) == SNAPSHOT_TEXTS
    for (rule_id, language), payload in zip(places, payloads, strict=False):
        data["rules"][rule_id]["text"][language] = payload
    write_yaml(root / SNAPSHOT, data)
    history = root / HISTORY
    *earlier, edition = read_yaml(history)["editions"]
    sha = digest((root / SNAPSHOT).read_bytes())
    before = earlier[-1]["chain"] if earlier else FIRST
    chain = link(before, edition["version"], edition["date"], edition.get("effective"), sha)
    write_yaml(history, {"editions": [*earlier, {**edition, "sha256": sha, "chain": chain}]})
    return [spot(root, SNAPSHOT, ("rules", rule_id, "text", language)) for rule_id, language in places]


def plant_config(old: str, template: str) -> Callable[[Path, list[str]], list[Spot]]:
    """One name of mkdocs.yml: `old` (a unique text of the file) replaced by `template` with the
    payload written as a double-quoted YAML scalar (JSON is one)."""

    def plant(root: Path, payloads: list[str]) -> list[Spot]:
        (payload,) = payloads
        config = root / "mkdocs.yml"
        text = config.read_text(encoding="utf-8")
        assert text.count(old) == 1, old
        scalar = json.dumps(payload)  # escapes as YAML reads them: controls stay characters of the name
        text = text.replace(old, template.format(scalar))
        config.write_text(text, encoding="utf-8")
        line, column = locate(text, scalar)
        return [Spot("mkdocs.yml", line, column)]

    return plant


CONFIG_NAME = name_refused('<>"')
GAME_PAGES_AND_HOME = {"index.md", *(f"{game}.md" for game in GAMES)}


def GAME_PAGES(path: str) -> bool:
    return path in GAME_PAGES_AND_HOME - {"index.md"}


DOORS = [
    Door("string fact", 200, plant_fact, text_refused, GAME_PAGES, lambda payload: f"Text. {payload}"),
    Door("game name", len(GAMES), plant_game_name, name_refused("<>"), lambda path: path in GAME_PAGES_AND_HOME),
    Door(
        "section name",
        len(SECTIONS),
        plant_section_name,
        text_refused,
        GAME_PAGES,
        lambda payload: f"Text. {payload}",
    ),
    Door("glossary reading", 200, plant_reading, name_refused(""), lambda path: path == "glossary.md"),
    Door("snapshot text", SNAPSHOT_TEXTS, plant_snapshot_text, text_refused),
    Door("coverage map string", 200, plant_coverage, name_refused(""), GAME_PAGES),
    Door("glossary term", 200, plant_term, name_refused(""), GAME_PAGES),
    Door("project game id", 200, plant_game_id, text_refused),
    Door(
        "mkdocs site_name",
        1,
        plant_config("site_name: Board game rules", "site_name: {}"),
        CONFIG_NAME,
        config_field="site_name",
    ),
    Door(
        "mkdocs language name", 1, plant_config("name: Français", "name: {}"), CONFIG_NAME, config_field="language name"
    ),
    Door(
        "mkdocs language site_name",
        1,
        plant_config("site_name: Pravidla deskových her", "site_name: {}"),
        CONFIG_NAME,
        config_field="site_name",
    ),
    Door(
        "mkdocs palette toggle name",
        1,
        plant_config("name: Dark mode}", "name: {}}}"),
        CONFIG_NAME,
        config_field="toggle name",
    ),
    Door(
        "mkdocs copyright",
        1,
        plant_config("site_url:", "copyright: {}\nsite_url:"),
        CONFIG_NAME,
        config_field="copyright",
    ),
    Door(
        "mkdocs extra",
        1,
        plant_config("site_url:", "extra:\n  generator: {}\nsite_url:"),
        CONFIG_NAME,
        config_field="extra",
    ),
    # The site's settings (issue 48): names Material prints unescaped, and addresses, which no
    # payload of the corpus is (each is refused as an address: not http(s), or a character no URL has).
    *(
        Door(
            f"mkdocs {field}",
            1,
            plant_config("site_url:", f"{field}: {{}}\nsite_url:"),
            CONFIG_NAME,
            config_field=field,
        )
        for field in ("site_description", "site_author", "repo_name")
    ),
    Door(
        "mkdocs site_url",
        1,
        plant_config("site_url: https://rules.example.org/", "site_url: {}"),
        lambda payload: True,
        config_field="site_url",
    ),
    Door(
        "mkdocs repo_url",
        1,
        plant_config("site_url:", "repo_url: {}\nsite_url:"),
        lambda payload: True,
        config_field="repo_url",
    ),
]

# --- the check and the output, once per copy ------------------------------------------------------

# The words of the safety checks, and of the refusals only names and ids meet.
SAFETY_WORDS = (
    *TEXT_SAFETY_WORDS,
    "a name is plain text",
    "does not match",  # (a schema's id pattern)
    "is not an http: or https: address",  # mkdocs.yml's addresses
    "is no host a browser accepts",
    "names a user before the host",
    "has a query or a fragment",
)


@dataclass(frozen=True)
class Verdict:
    spot: Spot
    problems: list[str]  # the problems at the spot
    dangers: list[str]  # what the output would run, load or lead elsewhere, when the check passed


def page_dangers(project, pages: Callable[[str], bool]) -> list[str]:
    """What the source language's pages that print the door's text would run, load or lead
    elsewhere, each body as Markdown makes it, not yet sanitized: the escaping alone must make a name
    inert. (The other languages' pages print the same names through the same code.)"""
    converter = markdown.Markdown(extensions=list(MARKDOWN_EXTENSIONS))
    found = []
    for page in render_pages(project, pages):
        converter.reset()
        body = converter.convert(page.text.split("\n---\n", 1)[-1])
        found += [f"{page.path}: {danger}" for danger in dangers_in_page(body)]
        found += [f"{page.path}: a script" for _ in scripts_of(body)]
    return found


def printed_dangers(root: Path, field: str, value: str) -> list[str]:
    """A name of mkdocs.yml as the build hands it to the theme, which prints it unescaped into an
    attribute and a text: site and language names escaped on_config, the palette's names replaced
    by the UI catalogs' words, copyright and extra as written."""
    from types import SimpleNamespace

    from rulebook.markup.escaping import escaped_once
    from rulebook.render.engine_config import SITE_NAMES
    from rulebook.website.interface import localize_theme

    if field == "toggle name":
        config = SimpleNamespace(theme={"palette": [{"scheme": "default", "toggle": {"name": value}}]}, mdx_configs={})
        localize_theme(config, root, "en")
        value = config.theme["palette"][0]["toggle"]["name"]
    elif field in ("site_name", "language name", *SITE_NAMES):
        value = escaped_once(value)
    printed = f'<p title="{value}">{value}</p>'
    return [f"mkdocs.yml {field}: {danger}" for danger in dangers_in_page(printed)] + [
        f"mkdocs.yml {field}: a script" for _ in scripts_of(printed)
    ]


def verdicts(root: Path, door: Door) -> dict[str, Verdict]:
    """Every payload of the corpus planted at the door, `door.slots` to a round in one copy, put back
    after each round: first each payload's problems at its spot; then the payloads the check let
    through, planted again without the others, and what the output makes of them."""
    state = tree_state(root)

    def rounds(corpus: list[tuple[str, str]]) -> Iterator[tuple[list[str], list[str], list[Spot]]]:
        for start in range(0, len(corpus), door.slots):
            share = corpus[start : start + door.slots]
            texts = [door.text(payload) for _, payload in share]
            yield [name for name, _ in share], texts, door.plant(root, texts)
            restore(root, state)

    problems_at: dict[str, tuple[Spot, list[str]]] = {}
    for names, _, spots in rounds(CORPUS):
        # mkdocs.yml alone is read by the check's reading of mkdocs.yml: nothing else changed.
        problems = site_config_problems(root)[0] if door.config_field else check_project(root)[1]
        # A payload in a publisher's heading also rewords it (source.*, issue 46): that is about the
        # publisher's words, not about what a text may hold.
        lines = [str(problem) for problem in problems if not problem.code.startswith("source.")]
        for name, where in zip(names, spots, strict=True):
            problems_at[name] = where, [line for line in lines if line.startswith(str(where))]
    passed = [(name, payload) for name, payload in CORPUS if not problems_at[name][1]]
    dangers: dict[str, list[str]] = {}
    for names, texts, _ in rounds(passed):
        if door.config_field:
            found = printed_dangers(root, door.config_field, texts[0])
        else:
            # Other checks may still object elsewhere (a renamed game is a terminology error in
            # the glossary): the payloads themselves passed, and the pages are rendered all the same.
            found = page_dangers(load_project(root).project, door.pages)
        dangers.update(dict.fromkeys(names, found))
    return {name: Verdict(*problems_at[name], dangers.get(name, [])) for name, _ in CORPUS}


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> Callable[[Door], dict[str, Verdict]]:
    done: dict[str, dict[str, Verdict]] = {}
    made = made_once(tmp_path_factory, "door-project", make_door_project)

    def of(door: Door) -> dict[str, Verdict]:
        if door.name not in done:
            root = tmp_path_factory.mktemp("doors") / "project"
            shutil.copytree(made, root)
            done[door.name] = verdicts(root, door)
        return done[door.name]

    return of


@pytest.mark.slow  # every payload at every door: make test, not make test-fast
@pytest.mark.parametrize("payload", CORPUS, ids=[name for name, _ in CORPUS])
@pytest.mark.parametrize("door", DOORS, ids=[door.name for door in DOORS])
def test_every_payload_at_every_door_is_refused_there_or_inert(planted, door: Door, payload) -> None:
    name, text = payload
    verdict = planted(door)[name]
    refused = door.refuses(text)
    if refused is None and verdict.problems:
        refused = True
    if refused:
        assert any(word in line for line in verdict.problems for word in SAFETY_WORDS), (verdict.spot, text)
    else:
        assert verdict.problems == [], (verdict.spot, text)
        assert verdict.dangers == [], (verdict.spot, text)


# --- the table of doors ---------------------------------------------------------------------------

HERE = "test_every_door.py::test_every_payload_at_every_door_is_refused_there_or_inert"
# Each kind of file the toolkit reads (a pattern relative to the project), and the tests that plant
# the corpus there. "test_x.py::test_y" names a test; the words after a dash, the door planted.
COVERED_BY: dict[str, list[str]] = {
    "rules/project.yaml": [
        f"{HERE} - project game id",
        "test_game_ids.py::test_check_refuses_a_game_id_the_site_keeps_for_itself",
    ],
    "rules/*/game.yaml": [
        f"{HERE} - string fact, game name",
        "test_hostile.py::test_a_string_fact_is_checked_as_text_where_it_is_and_where_it_is_quoted",
        "test_hostile.py::test_the_hostile_build_shows_names_as_written",
    ],
    "rules/*/*.yaml": [
        # an English rule, a Czech draft, a publisher's original
        "test_hostile.py::test_check_refuses_every_payload_at_every_place_with_its_location",
        f"{HERE} - section name",
    ],
    # A game's scorer, input schema and browser script: code of the repository, reviewed as the
    # toolkit is, read only from inside the project; the script reaches pages as a file under the policy.
    "rules/*/scoring.py": ["test_game_scorers.py::test_a_scorer_linked_from_outside_the_project_is_never_imported"],
    "rules/*/score.schema.json": [
        "test_game_scorers.py::test_a_scorer_linked_from_outside_the_project_is_never_imported"
    ],
    # The facts a scorer computes with: a broken schema or a link out is one problem at its path.
    "rules/*/facts.schema.json": [
        "test_facts_schema.py::test_a_broken_facts_schema_is_named_at_its_file",
        "test_facts_schema.py::test_a_facts_schema_linked_out_of_the_project_is_never_read",
    ],
    # A game's scoring cases: read by the content tests alone (guide/scoring-cases.md), which hold it
    # to schemas/scoring-cases.schema.json; the check only hashes it into its cache key, nothing renders it.
    "rules/*/scoring-cases.json": ["test_content.py::test_the_cases_follow_their_schema"],
    # A game's fixed text defects: read by the content tests alone, which hold it to
    # schemas/defects.schema.json; the check only hashes it into its cache key, nothing renders it.
    "rules/*/defects.json": ["test_content_defects.py::test_the_defects_files_follow_their_schema"],
    # A game's scorer's equivalent mutants: read by `make mutate` alone (tests/mutation/run.py), whose
    # test holds each entry to its format; the check only hashes it into its cache key, nothing renders it.
    "rules/*/equivalent-mutants.yaml": [
        "test_mutation_setup.py::test_each_equivalent_mutant_names_a_function_and_says_why_in_one_line"
    ],
    "rules/*/calculator.js": ["browser/test_new_game_calculator.py::test_the_new_game_script_is_a_file_of_its_site"],
    # A game's form adapter: test code, run by the browser tests alone (tests/browser/calculator_form.py);
    # the check only hashes it into its cache key, never runs it, and nothing renders it.
    "rules/*/calculator_form.py": ["test_form_adapters.py::test_check_only_hashes_a_form_adapter"],
    # Editions: written by `rulebook edition new`, checked against their recorded hashes and chain; a
    # snapshot's texts are judged as units' are (validate/snapshots.py) and reach the change list
    # as literal text (render/changes.py), never as Markdown.
    "rules/*/editions.yaml": [
        "test_editions.py::test_check_refuses_a_history_going_backwards_or_twice",
        "test_edition_history.py::test_edition_new_links_each_edition_and_check_finds_an_old_one_rewritten",
    ],
    "rules/*/editions/*.yaml": [
        "test_editions.py::test_check_refuses_a_snapshot_changed_since_it_was_recorded",
        f"{HERE} - snapshot text",
    ],
    "rules/*/sources/*.coverage.yaml": [
        f"{HERE} - coverage map string",
        "test_outside_links.py::test_a_coverage_map_linked_from_outside_is_refused_unread",
    ],
    # Never rendered (the page names a source by its title from game.yaml) and never parsed: hashed
    # into the cache key, and read as text by check, which compares its coverage map with it.
    "rules/*/sources/*.txt": ["test_outside_links.py::test_the_build_copies_no_link_leaving_the_project"],
    "glossary/symbols.yaml": [
        f"{HERE} - glossary reading",
        "test_hostile.py::test_the_hostile_build_has_nothing_dangerous_on_any_page",
    ],
    # Hashed into the cache's keys (the folder's every file), never parsed nor printed.
    "glossary/*.md": ["test_outside_links.py::test_a_folder_link_leaving_the_project_is_refused_and_not_walked"],
    "glossary/*.yaml": ["test_hostile.py::test_check_refuses_every_payload_at_every_place_with_its_location"],
    # Letters only, by its schema: no markup, digit or control reaches the search index.
    "rules/search-words.yaml": ["test_search_words.py::test_check_refuses_markup_and_digits_in_a_word_with_its_place"],
    # Drawn pictures: shapes only, through the picture allowlist.
    "glossary/pictures/*.svg": [
        "test_drawn_pictures.py::test_a_hostile_drawn_picture_is_named_by_check_and_never_reaches_a_page",
        "test_drawn_pictures.py::test_a_missing_or_outside_drawn_picture_is_refused",
    ],
    "glossary/terms.yaml": [
        f"{HERE} - glossary term",
        "test_each_check.py::test_one_fault_is_reported_by_its_check_alone",
    ],
    "locales/messages.pot": [
        "test_content_defects.py::test_a_template_that_is_a_link_or_no_po_file_is_refused_unread_or_at_its_line",
    ],
    "locales/*/LC_MESSAGES/messages.po": [
        "test_catalog_safety.py::test_check_refuses_a_payload_in_every_msgstr_at_its_line",
        "test_catalog_safety.py::test_a_hostile_catalog_past_every_check_makes_nothing_on_the_rendered_pages",
    ],
    "schemas/*.schema.json": [
        "test_outside_links.py::test_a_folder_link_leaving_the_project_is_refused_and_not_walked"
    ],
    "mkdocs.yml": [
        f"{HERE} - " + ", ".join(door.name for door in DOORS if door.config_field),
        "test_site_config.py::test_markup_in_a_name_of_mkdocs_yml_is_refused_where_it_is",
        "test_site_settings.py::test_a_hostile_setting_is_refused_by_check_at_its_line",
        "test_site_settings.py::test_names_past_the_check_are_printed_as_written_and_the_sitemaps_are_xml",
    ],
    ".cache/rulebook/*": ["test_cache_entries.py::test_a_bad_entry_is_a_miss_and_is_written_anew"],
    # Read by other commands than check: the build and `i18n import`.
    "docs/**": ["test_outside_links.py::test_a_link_in_docs_assets_leaving_the_project_is_refused_at_its_path"],
    "*.po (i18n import)": ["test_hostile.py::test_a_po_import_of_hostile_text_is_refused_whole_with_each_entry"],
}


def opened_by_check(root: Path, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Every file of the project that `rulebook check` opens, relative to the project."""
    opened: set[str] = set()
    real_open = io.open

    def recording_open(file, *args, **kwargs):
        if isinstance(file, str | Path):
            path = Path(file).absolute()
            if path.is_relative_to(root):
                opened.add(path.relative_to(root).as_posix())
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(io, "open", recording_open)
    monkeypatch.setattr(builtins, "open", recording_open)
    check_project(root)
    return opened


def kind_of(file: str) -> str | None:
    """The most specific pattern of the table that the file matches."""
    matching = [pattern for pattern in COVERED_BY if fnmatch.fnmatch(file, pattern.split(" ")[0])]
    return max(matching, key=len, default=None)


# A game's fixed defects (rules/<game>/defects.json): the fixture's own, for the table's kind to be read.
ALPHA_DEFECTS = """\
{
  "$schema": "../../schemas/defects.schema.json",
  "game": "alpha",
  "defects": [{"description": "the winner rule says who wins", "unit": "rule.winner", "says": {"en": "wins"}}]
}
"""


# A game's scorer's equivalent mutants (rules/<game>/equivalent-mutants.yaml): the fixture's own.
ALPHA_EQUIVALENT_MUTANTS = """\
- function: rules.alpha.scoring.x_total
  before: return sum(points)
  after: return sum(points, 0)
  why: sum starts at 0 either way.
"""


def make_table_project(root: Path) -> None:
    """make_door_project with the kinds of file it lacks besides: the search words of test_search_words
    (rules/search-words.yaml), alpha's defects (ALPHA_DEFECTS) and equivalent mutants
    (ALPHA_EQUIVALENT_MUTANTS), so that it holds every kind the table lists."""
    from test_search_words import FILE, WORDS

    make_door_project(root)
    (root / FILE).write_text(WORDS, encoding="utf-8")
    (root / "rules/alpha/defects.json").write_text(ALPHA_DEFECTS, encoding="utf-8")
    (root / "rules/alpha/equivalent-mutants.yaml").write_text(ALPHA_EQUIVALENT_MUTANTS, encoding="utf-8")


def test_every_file_check_opens_is_a_door_with_its_test(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On the fixture with a file of every kind (make_table_project): a file the check opens that the
    table has no kind for, or a kind of the table that it never opens, fails."""
    root = shutil.copytree(made_once(tmp_path_factory, "table-project", make_table_project), tmp_path / "project")
    opened = opened_by_check(root, monkeypatch)
    assert len(opened) > 20, opened  # the recording saw the check read the project
    kinds = {file: kind_of(file) for file in opened}
    assert [file for file, kind in kinds.items() if kind is None] == []
    # Every kind the check reads is in the table, and the table names no kind nothing reads.
    read_elsewhere = {"docs/**", "*.po (i18n import)"}
    assert set(kinds.values()) | read_elsewhere == set(COVERED_BY), set(COVERED_BY) - set(kinds.values())


def test_every_test_the_table_names_exists() -> None:
    for tests in COVERED_BY.values():
        for entry in tests:
            module, _, test = entry.split(" - ")[0].partition("::")
            source = (ROOT / "tests" / module).read_text(encoding="utf-8")
            assert re.search(rf"^def {re.escape(test)}\(", source, re.MULTILINE), entry


def test_every_door_planted_here_is_named_in_the_table() -> None:
    named = [
        door.strip()
        for tests in COVERED_BY.values()
        for entry in tests
        if entry.startswith(HERE)
        for door in entry.split(" - ", 1)[1].split(",")
    ]
    assert sorted(named) == sorted(door.name for door in DOORS)
