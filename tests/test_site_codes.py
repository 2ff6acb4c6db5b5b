"""The problems of the project's own files carry their codes (issue 25): a link leaving the project,
the manifest and the words files it names, mkdocs.yml, search words, the editions' history, and a
situation that is no situation. Each fault is planted in one shared copy and taken back after; the
expected params are worked out from the planted text, never copied from the output. The copy is the
translated fixture (fixture_games.py) with what a build reads besides, the project's glossary, Czech
typography, a ruling of alpha's, and search words written for it (SEARCH_WORDS)."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from authoring import unused_language
from conftest import edit
from fixture_games import copy_small_project, with_glossary
from rulebook.files.disk import OUTSIDE_PROJECT, outside_project
from rulebook.load.project import load_project
from rulebook.located.document import LoadError, parse_document, read_document
from rulebook.located.limits import MAX_YAML_BYTES
from rulebook.problem_codes import registry, say
from rulebook.problems import Problem
from rulebook.scoring.situation import Invalid, score_situation
from rulebook.validate.check import check_project

# Czech quotes, as the project's typography has them.
TYPOGRAPHY = "typography:\n  cs: {quotes: [„, “]}\n"
SEARCH = "rules/search-words.yaml"
# The fixture's search words: a few question words and synonyms per language, and English questions
# for a rule, the referee notes and a ruling of alpha's (each one's first question begins differently).
SEARCH_WORDS = """\
# yaml-language-server: $schema=../schemas/search-words.schema.json
languages:
  en:
    question_words: [who, what, how, many, is, the]
    synonyms:
      - [tie, tied, tiebreak]
    questions:
      alpha/#players: ["how to sort the tiles", "how many can play"]
      alpha/#winner: ["who wins"]
      alpha/#referee-notes: ["are these rulings official"]
      alpha/#ruling-empty-round: ["does an empty round count"]
  fr:
    question_words: [qui, combien, le, la]
    synonyms:
      - [égalité, ex aequo]
      - [commencer, commence, premier joueur]
  cs:
    question_words: [kdo, kolik]
    synonyms:
      - [remíza, shoda]
"""
# alpha's ruling empty-round, on its rule winner, which its one example cites.
RULING = "rulings:\n  - id: empty-round\n    rules: [winner]\n"
RULING_WORDS = """\
  ruling.empty-round.question:
    text: Does a round in which a player scores no points count?
  ruling.empty-round.answer:
    text: Yes, it is one of the rounds.
  ruling.empty-round.why:
    text: The rules count rounds, not points.
"""


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = copy_small_project(
        tmp_path_factory, tmp_path_factory.mktemp("site-codes") / "project", site=True, translated=True
    )
    project = root / "rules/project.yaml"
    project.write_text(project.read_text(encoding="utf-8") + TYPOGRAPHY, encoding="utf-8")
    with_glossary(root, "alpha")
    (root / SEARCH).write_text(SEARCH_WORDS, encoding="utf-8")
    edit(
        root,
        "rules/alpha/game.yaml",
        "    rules: [winner]\n    input:",
        "    rules: [winner]\n    rulings: [empty-round]\n    input:",
    )
    game = root / "rules/alpha/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + RULING, encoding="utf-8")
    words = root / "rules/alpha/en.yaml"
    words.write_text(words.read_text(encoding="utf-8") + RULING_WORDS, encoding="utf-8")
    return root


HISTORY = "rules/alpha/editions.yaml"


def first_edition(root: Path) -> tuple[str, str, str]:
    """alpha's edition 1.0 as its history records it, made with the fixture: its date, hash and chain."""
    text = (root / HISTORY).read_text(encoding="utf-8")
    found = re.search(r'version: "1.0"\n    date: "([\d-]+)"\n    sha256: "(\w+)"\n    chain: "(\w+)"\n', text)
    assert found is not None and text.count("version:") == 1, text
    return found.group(1), found.group(2), found.group(3)


@contextmanager
def replaced(root: Path, file: str, old: str, new: str) -> Iterator[None]:
    path = root / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    try:
        yield
    finally:
        path.write_text(text, encoding="utf-8")


def coded(root: Path, code: str) -> list[Problem]:
    """The problems of `code` that check finds, each said again from its code, params and quotes."""
    found = [problem for problem in check_project(root)[1] if problem.code == code]
    for problem in found:
        assert code in registry()
        assert say(problem.code, problem.params, problem.quoted) == problem.message
    return found


def only(root: Path, code: str) -> Problem:
    found = coded(root, code)
    assert len(found) == 1, found
    return found[0]


def test_the_words_of_a_link_leaving_the_project_are_the_constant_other_modules_quote() -> None:
    assert say("file.outside-project", {}) == OUTSIDE_PROJECT
    assert (outside_project("x").code, str(outside_project("x"))) == ("file.outside-project", f"x: {OUTSIDE_PROJECT}")


def test_a_link_in_the_site_assets_leaving_the_project(root: Path, tmp_path: Path) -> None:
    link = root / "docs/assets/elsewhere.txt"
    (tmp_path / "secret").write_text("x", encoding="utf-8")
    link.symlink_to(tmp_path / "secret")
    try:
        problem = only(root, "file.outside-project")
    finally:
        link.unlink()
    assert (problem.file, problem.line, problem.params) == ("docs/assets/elsewhere.txt", 0, {})


def test_a_words_file_that_is_a_folder(root: Path) -> None:
    words = root / "rules/beta/fr.yaml"
    kept = words.read_bytes()
    words.unlink()
    words.mkdir()
    try:
        problem = only(root, "file.words-not-yaml")
    finally:
        words.rmdir()
        words.write_bytes(kept)
    assert problem.file == "rules/beta/fr.yaml"


@pytest.mark.parametrize(
    ("game", "code", "params"),
    [("fr", "project.game-id-is-language", {"language": "fr"}), ("search", "project.game-id-is-site-page", {})],
)
def test_a_game_id_the_site_keeps_for_itself(root: Path, game: str, code: str, params: dict) -> None:
    # rules/project.yaml: its schema's comment, then the languages, then the games on line 3.
    with replaced(root, "rules/project.yaml", "games: [alpha,", f"games: [{game}, alpha,"):
        problem = only(root, code)
    assert (problem.path, problem.params, problem.line) == (("games", 0), params, 3)
    assert problem.message.startswith(f"games[0]: '{game}' is ")


def test_a_listed_game_without_its_game_file(root: Path) -> None:
    games = [game.id for game in load_project(root).project.games]  # chess after however many there are
    listed = f"games: [{', '.join(games)}]"
    with replaced(root, "rules/project.yaml", listed, listed.replace("]", ", chess]")):
        problem = only(root, "project.no-game-file")
    assert (problem.path, problem.params) == (("games", len(games)), {})
    assert problem.message == f"games[{len(games)}]: no rules/chess/game.yaml"


def test_typography_for_a_language_the_project_does_not_have(root: Path) -> None:
    with replaced(root, "rules/project.yaml", "  cs: {quotes:", "  de: {quotes:"):
        problem = only(root, "project.typography-language")
    assert (problem.path, problem.params) == (("typography", "de"), {"language": "de"})


def test_a_language_babel_does_not_know(root: Path) -> None:
    languages = load_project(root).project.languages  # qq after however many there are
    listed = f"languages: [{', '.join(languages)}]"
    with replaced(root, "rules/project.yaml", listed, listed.replace("]", ", qq]")):
        problem = only(root, "project.unknown-locale")
    assert (problem.path, problem.params, problem.line) == (("languages", len(languages)), {"language": "qq"}, 2)


def test_a_words_file_whose_language_is_not_its_name(root: Path) -> None:
    with replaced(root, "rules/beta/fr.yaml", "language: fr", "language: cs"):
        problem = only(root, "project.words-language")
    assert (problem.file, problem.path, problem.params) == ("rules/beta/fr.yaml", ("language",), {"language": "fr"})
    assert problem.message == "language: 'cs' does not match the file name 'fr.yaml'"


def test_a_glossary_of_a_game_the_project_does_not_list(root: Path) -> None:
    text = (root / "glossary/symbols.yaml").read_text(encoding="utf-8")
    game = next(line for line in text.splitlines() if line.startswith("game: "))
    with replaced(root, "glossary/symbols.yaml", game + "\n", "game: chess\n"):
        problem = only(root, "project.unknown-glossary-game")
    assert (problem.path, problem.params) == (("game",), {})
    assert problem.message == "game: no game 'chess' in rules/project.yaml"


@pytest.mark.parametrize(
    ("text", "code", "params"),
    [
        ("site_name: [x\n", "site.not-yaml", {}),
        ("- a list\n", "site.not-a-mapping", {}),
        ("docs_dir: ../../elsewhere\n", "site.folder-outside-project", {}),
    ],
)
def test_mkdocs_yml_broken_or_leaving_the_project(root: Path, text: str, code: str, params: dict) -> None:
    config = root / "mkdocs.yml"
    kept = config.read_bytes()
    config.write_text(text, encoding="utf-8")
    try:
        problem = only(root, code)
    finally:
        config.write_bytes(kept)
    assert (problem.file, problem.params) == ("mkdocs.yml", params)
    if code == "site.folder-outside-project":
        assert (problem.line, problem.message) == (1, "docs_dir: '../../elsewhere' is outside the project")


def test_a_name_in_mkdocs_yml_keeps_the_code_of_any_name(root: Path) -> None:
    with replaced(root, "mkdocs.yml", "site_name: Board game rules", "site_name: Rules<b>"):
        problem = only(root, "text.markup-in-name")
    assert problem.params == {"characters": ["<", ">", '"']}
    assert problem.message.startswith("site_name: ")


def test_a_language_material_has_no_words_in(root: Path) -> None:
    with replaced(root, "mkdocs.yml", "locale: cs", 'locale: "no"'):
        problem = only(root, "site.theme-language")
    # Norwegian's CLDR alias is Bokmål, which Material has (validate/material_languages.py).
    assert problem.params == {"theme_language": "nb"}
    assert problem.message.endswith(": Material has no words in 'no': add `theme: {language: nb}` to this language")


def test_search_words_of_a_language_the_project_does_not_have(root: Path) -> None:
    other = unused_language(lunr=False)
    with replaced(root, SEARCH, "  cs:\n    question_words:", f"  {other}:\n    question_words:"):
        problem = only(root, "search.unknown-language")
    languages = list(load_project(root).project.languages)
    assert (problem.path, problem.params) == (("languages", other), {"languages": languages})


@pytest.mark.parametrize(
    ("new", "code", "params"),
    [
        ("[commencer, Combien,", "search.synonym-is-question-word", {}),
        ("[commencer, egalite,", "search.synonym-in-two-groups", {"group": 0}),
    ],
)
def test_a_synonym_search_would_never_use(root: Path, new: str, code: str, params: dict) -> None:
    with replaced(root, SEARCH, "[commencer, commence,", new):
        problem = only(root, code)
    assert (problem.path, problem.params) == (("languages", "fr", "synonyms", 1, 1), params)


@pytest.mark.parametrize("address", ["alpha/#no-such-rule", "chess/#play", "alpha/#sources", "beta/#winner"])
def test_questions_for_an_entry_search_does_not_have(root: Path, address: str) -> None:
    # The referee notes are an entry; the list of sources is one too, but ranks below every rule and
    # answers no player's question, so questions may not be listed for it.
    with replaced(root, SEARCH, '      alpha/#players: ["how to', f'      {address}: ["how to'):
        problem = only(root, "search.questions-for-no-entry")
    assert (problem.path, problem.params) == (("languages", "en", "questions", address), {})


@pytest.mark.parametrize("question", ["<b>sort</b> the tiles", "sort the 3 bags", "sort&nbsp;them", " sort"])
def test_a_question_is_words_and_the_marks_of_a_question(root: Path, question: str) -> None:
    # No markup (search indexes it) and no digit (a number comes from the game's data).
    with replaced(root, SEARCH, '"how to sort the tiles"', f'"{question}"'):
        problem = only(root, "schema.pattern")
    assert problem.path == ("languages", "en", "questions", "alpha/#players", 0)


@pytest.mark.parametrize(
    ("address", "first_question"),
    [("alpha/#referee-notes", "are these rulings official"), ("alpha/#ruling-empty-round", "does an empty round")],
)
def test_questions_for_the_referee_notes_or_a_ruling_are_accepted(
    root: Path, address: str, first_question: str
) -> None:
    # The entry's English questions and alpha 1.1's swap addresses (one after the other, in this
    # order): each address stays listed once, and the swap adds no problem to the copy's own (none
    # in the project as it is; a language just added has its untranslated units).
    before = check_project(root)[1]
    with (
        replaced(root, SEARCH, '      alpha/#players: ["how to', '      SWAPPED: ["how to'),
        replaced(root, SEARCH, f'      {address}: ["{first_question}', f'      alpha/#players: ["{first_question}'),
        replaced(root, SEARCH, '      SWAPPED: ["how to', f'      {address}: ["how to'),
    ):
        assert check_project(root)[1] == before
    # A ruling of another game is no entry of this one.
    with replaced(root, SEARCH, '      alpha/#players: ["how to', '      beta/#ruling-empty-round: ["how to'):
        assert only(root, "search.questions-for-no-entry").path[-1] == "beta/#ruling-empty-round"


def _edition(version: str, date: str, sha: str) -> str:
    # Its chain is no link of the history's (edition.chain-broken too): each case asks for its own code.
    return f'  - version: "{version}"\n    date: "{date}"\n    sha256: "{sha}"\n    chain: "{"0" * 64}"\n'


# An edition added after alpha's 1.0: its version, its date as days after 1.0's, the code, the path,
# and the params, where DATE stands for the added edition's date and BEFORE for 1.0's.
DATE, BEFORE = "<date>", "<before>"


@pytest.mark.parametrize(
    ("version", "days", "code", "path", "params"),
    [
        ("1.0", 0, "edition.version-twice", ("editions", 1, "version"), {"version": "1.0"}),
        ("0.9", 0, "edition.version-backwards", ("editions", 1, "version"), {"version": "0.9", "before": "1.0"}),
        (
            "1.1",
            -1,
            "edition.date-backwards",
            ("editions", 1, "date"),
            {"version": "1.1", "date": DATE, "before": "1.0", "before_date": BEFORE},
        ),
        ("1.1", 0, "edition.snapshot-missing", ("editions", 1, "sha256"), {"version": "1.1"}),
    ],
)
def test_the_history_of_editions(root: Path, version: str, days: int, code: str, path: tuple, params: dict) -> None:
    before, sha, chain = first_edition(root)
    date = (datetime.date.fromisoformat(before) + datetime.timedelta(days=days)).isoformat()
    last_line = f'    chain: "{chain}"\n'
    with replaced(root, HISTORY, last_line, last_line + _edition(version, date, sha)):
        problem = only(root, code)
        if days == 0:  # an edition of the same day as 1.0 is no date backwards
            assert coded(root, "edition.date-backwards") == []
    dates = {DATE: date, BEFORE: before}
    expected = {name: dates.get(value, value) for name, value in params.items()}
    assert (problem.file, problem.path, problem.params) == (HISTORY, path, expected)


def test_a_snapshot_that_no_longer_matches_its_hash(root: Path) -> None:
    _, sha, _ = first_edition(root)
    with replaced(root, HISTORY, sha, "0" * 64):
        problem = only(root, "edition.snapshot-changed")
    assert (problem.path, problem.params) == (("editions", 0, "sha256"), {"version": "1.0"})
    assert "rules/alpha/editions/1.0.yaml" in problem.message


@pytest.mark.parametrize(("raw", "code"), [(b"", "score.empty-document"), (b"3\n", "score.not-a-mapping")])
def test_a_situation_that_is_none_carries_the_code_of_its_meaning(root: Path, raw: bytes, code: str) -> None:
    with pytest.raises(Invalid) as refused:
        score_situation(parse_document(raw, "situation.yaml"), "alpha", {}, root)
    [problem] = refused.value.problems
    assert (problem.code, problem.path) == (code, ())
    assert say(code, {}) == problem.message
    assert refused.value.meanings == [{"code": code, "path": [], "params": {}}]


def test_a_file_over_its_bound_is_one_load_error_with_a_coded_problem(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (MAX_YAML_BYTES + 1))
    with pytest.raises(LoadError) as refused:
        read_document(big, "big.yaml")
    [problem] = refused.value.problems
    assert (problem.file, problem.code, problem.params) == (
        "big.yaml",
        "file.too-large",
        {"limit": 512 * 1024, "size": "512 KiB"},
    )


def test_a_file_that_is_no_yaml_is_a_load_error_too() -> None:
    with pytest.raises(LoadError) as refused:
        parse_document(b"a: [1\n", "t.yaml")
    assert [problem.code for problem in refused.value.problems] == ["yaml.unclosed"]


def test_the_copy_is_whole_again(root: Path) -> None:
    # Every planted fault was taken back: the copy checks clean, as the repository does.
    assert [problem for problem in check_project(root)[1] if problem.is_error] == []
