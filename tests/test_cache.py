"""The persistent cache (rulebook/cache/store.py) and the fast paths of `rulebook check`: each may only
save time, never change what the check finds. The project is the translated small project
(fixture_games.py: alpha, scored, and beta, in English, French and Czech) with the project's glossary
given to alpha (with_glossary) and one illustration of alpha's rule.players (ILLUSTRATION), copied
cold for each test."""

from __future__ import annotations

import shutil
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import ROOT, edit, made_once, run_cli
from fixture_games import copy_small_project, make_translated_project, with_glossary
from rulebook.cache import store as cache
from rulebook.documents import reader
from rulebook.documents.schema import fast_validator, validator
from rulebook.i18n import ui_catalog
from rulebook.located.characters import _BIDI_CONTROLS, SUSPECT_CHARACTER
from rulebook.located.document import Document, parse_bounded
from rulebook.validate import check

# A glossary picture under alpha's rule.players, whose rules the glossary's checks read.
ILLUSTRATION = "illustrations:\n  - rule: players\n    tiles: [eye, saw]\n    reads: I saw\n"


def make_cache_project(root: Path) -> None:
    """The translated small project with the project's glossary given to alpha, and ILLUSTRATION; no cache."""
    make_translated_project(root)
    with_glossary(root, "alpha")
    edit(root, "rules/alpha/game.yaml", "\nscoring_rules:", f"\n{ILLUSTRATION}scoring_rules:")


def cold_copy(tmp_path_factory: pytest.TempPathFactory, target: Path) -> Path:
    """A copy at target of make_cache_project's project, made once a run: no cache, as the first check finds it."""
    made = made_once(tmp_path_factory, "cache-project", make_cache_project)
    shutil.copytree(made, target)
    return target


@pytest.fixture
def cold_project(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Path:
    """A copy with no cache: these tests watch the cache being filled and read."""
    return cold_copy(tmp_path_factory, tmp_path / "project")


WORDS_SCHEMA = ROOT / "schemas" / "words.schema.json"
TOTAL = "the highest total wins."  # the end of alpha's English rule.winner
SCRIPT = "the highest total <script>x</script> wins."
# By hand: rules/alpha/en.yaml has rule.winner's key on line 15 and its text on 16, after `    text: `.
WINNER = "rules/alpha/en.yaml:16:11: units.rule.winner.text: raw HTML is not allowed in text: '<script>'"


def test_a_re_check_sees_an_edit_and_its_undoing(cold_project: Path, capsys) -> None:
    assert run_cli(capsys, "--root", str(cold_project), "check")[0] == 0
    assert (cold_project / ".cache/rulebook/documents").is_dir(), "the first check fills the cache"

    broken = edit(cold_project, "rules/alpha/en.yaml", TOTAL, SCRIPT)
    code, out, _ = run_cli(capsys, "--root", str(cold_project), "check")
    assert code == 1 and any(line.startswith(WINNER) for line in out.splitlines()), out

    edit(cold_project, "rules/alpha/en.yaml", SCRIPT, TOTAL)
    assert (cold_project / "rules/alpha/en.yaml").read_text(encoding="utf-8") != broken
    code, out, _ = run_cli(capsys, "--root", str(cold_project), "check")
    assert code == 0, out


def test_a_warm_check_finds_what_a_cold_one_finds(cold_project: Path, capsys, monkeypatch) -> None:
    # A problem in one game's English and one in its French.
    edit(cold_project, "rules/alpha/en.yaml", TOTAL, SCRIPT)
    edit(cold_project, "rules/alpha/fr.yaml", "language: fr", "language: cs")
    monkeypatch.setenv("RULEBOOK_CACHE", "0")
    cold = run_cli(capsys, "--root", str(cold_project), "check")
    assert not (cold_project / ".cache").exists(), "RULEBOOK_CACHE=0 writes nothing"
    monkeypatch.setenv("RULEBOOK_CACHE", "1")
    filling = run_cli(capsys, "--root", str(cold_project), "check")
    warm = run_cli(capsys, "--root", str(cold_project), "check")
    assert cold[0] == filling[0] == warm[0] == 1
    assert cold[1] == filling[1] == warm[1]
    assert WINNER in warm[1]
    # By hand: the French file's `language:` is on line 4, after a three-line header.
    assert "rules/alpha/fr.yaml:4:11: language: 'cs' does not match the file name 'fr.yaml'" in warm[1]


@pytest.mark.parametrize("language", ["fr", "cs"])
def test_a_warm_check_says_its_problems_in_another_language_as_a_cold_one(
    cold_project: Path, capsys, monkeypatch, language: str
) -> None:
    """A cached problem keeps its quotes: `check --lang` says a coded message again from them (a
    warm check once lost them and stopped on a KeyError)."""
    edit(cold_project, "rules/alpha/en.yaml", TOTAL, SCRIPT)
    monkeypatch.setenv("RULEBOOK_CACHE", "0")
    cold = run_cli(capsys, "--root", str(cold_project), "check", "--lang", language)
    monkeypatch.setenv("RULEBOOK_CACHE", "1")
    filling = run_cli(capsys, "--root", str(cold_project), "check", "--lang", language)
    warm = run_cli(capsys, "--root", str(cold_project), "check", "--lang", language)
    assert cold[0] == filling[0] == warm[0] == 1, warm
    assert cold[1] == filling[1] == warm[1]
    assert "rules/alpha/en.yaml:16:11: " in warm[1] and "'<script>'" in warm[1]


def test_a_catalogs_problems_are_kept_by_its_bytes(cold_project: Path, capsys, monkeypatch) -> None:
    """A warm check takes a UI catalog's problems from the cache without reading it with Babel, says
    them as a cold check does, in English and in Czech, and sees the catalog's edit and its undoing."""
    catalog = "locales/fr/LC_MESSAGES/messages.po"
    edit(cold_project, catalog, 'msgstr "Exemple"', 'msgstr "Exemple <script>x</script>"')
    monkeypatch.setenv("RULEBOOK_CACHE", "0")
    cold = [run_cli(capsys, "--root", str(cold_project), "check", *lang) for lang in ([], ["--lang", "cs"])]
    line = (cold_project / catalog).read_text(encoding="utf-8").splitlines().index(
        'msgstr "Exemple <script>x</script>"'
    ) + 1
    assert cold[0][0] == 1 and f"{catalog}:{line}:1: msgstr of msgid 'Example': " in cold[0][1], cold[0][1]
    monkeypatch.setenv("RULEBOOK_CACHE", "1")
    assert run_cli(capsys, "--root", str(cold_project), "check")[:2] == cold[0][:2]  # fills the cache

    def unread(*_args: object) -> None:
        raise AssertionError("a warm check read the catalog again")

    ui_catalog.forget_catalogs()  # this process's own memory of the catalogs, which `rulebook serve` needs
    with monkeypatch.context() as patched:
        patched.setattr(ui_catalog, "read_po_file", unread)
        assert run_cli(capsys, "--root", str(cold_project), "check")[:2] == cold[0][:2]
    # `--lang cs` reads the Czech catalog to say the problems, and says the kept problem as a cold check does.
    assert run_cli(capsys, "--root", str(cold_project), "check", "--lang", "cs")[:2] == cold[1][:2]

    monkeypatch.undo()
    edit(cold_project, catalog, 'msgstr "Exemple <script>x</script>"', 'msgstr "Exemple"')
    code, out, _ = run_cli(capsys, "--root", str(cold_project), "check")
    assert code == 0, out


def test_a_renamed_game_reaches_the_other_games_checks(cold_project: Path, capsys) -> None:
    """Translation QA leaves game names alone in every game's text: renaming one game changes what
    the checks of the others find, so their cached results must not be reused."""
    run_cli(capsys, "--root", str(cold_project), "check")
    keys_before = {path.name for path in (cold_project / ".cache/rulebook/checks").rglob("*") if path.is_file()}
    edit(cold_project, "rules/beta/game.yaml", 'name: "Beta"', 'name: "Beta Deluxe"')
    run_cli(capsys, "--root", str(cold_project), "check")
    keys_after = {path.name for path in (cold_project / ".cache/rulebook/checks").rglob("*") if path.is_file()}
    # Both games, alpha and beta, and the glossary were checked again: one new entry each.
    assert len(keys_after - keys_before) == 3


def _checked_text_sets(project: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The text sets that a check worked out again rather than read from the cache."""
    checked: list[str] = []
    real = check.text_set_problems
    monkeypatch.setattr(
        check, "text_set_problems", lambda p, text_set: checked.append(text_set.id) or real(p, text_set)
    )
    run_cli(capsys, "--root", str(project), "check")
    monkeypatch.undo()
    return checked


def test_a_games_words_check_that_game_again_and_its_structure_the_glossary_too(
    cold_project: Path, capsys, monkeypatch
) -> None:
    """The glossary's checks read every game's game.yaml (its rules, illustrations and facts) and
    scorer, but no game's words: a translated sentence does not check the glossary again."""
    run_cli(capsys, "--root", str(cold_project), "check")
    edit(cold_project, "rules/beta/fr.yaml", "language: fr\n", "language: fr\n# reviewed\n")
    assert _checked_text_sets(cold_project, capsys, monkeypatch) == ["beta"]
    edit(cold_project, "rules/alpha/scoring.py", '"""Scoring of alpha:', '"""Scoring of alpha (reviewed):')
    assert sorted(_checked_text_sets(cold_project, capsys, monkeypatch)) == ["alpha", "glossary"]
    # An illustration under a rule that alpha no longer has: a glossary problem, found warm as cold.
    edit(cold_project, "rules/alpha/game.yaml", "- rule: players", "- rule: playerz")
    assert sorted(_checked_text_sets(cold_project, capsys, monkeypatch)) == ["alpha", "glossary"]
    warm = run_cli(capsys, "--root", str(cold_project), "check")
    assert "illustrations[0].rule: no rule 'playerz'" in warm[1]
    monkeypatch.setenv("RULEBOOK_CACHE", "0")
    assert run_cli(capsys, "--root", str(cold_project), "check")[:2] == warm[:2]


def test_a_second_copy_is_read_from_this_process_and_its_cache_filled_all_the_same(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, capsys, monkeypatch
) -> None:
    """Documents are remembered by content in a process (every copy of a project holds the same
    files), only while the cache is on, and a copy read that way still gets its own cache."""
    first, second = (cold_copy(tmp_path_factory, tmp_path / name) for name in ("first", "second"))
    assert run_cli(capsys, "--root", str(first), "check")[0] == 0
    decoded: list[str] = []
    real = cache.DiskCache.get
    monkeypatch.setattr(cache.DiskCache, "get", lambda self, key: decoded.append(self.kind) or real(self, key))
    assert run_cli(capsys, "--root", str(second), "check")[0] == 0
    assert "documents" not in decoded
    entries = {path.name for path in (second / ".cache/rulebook/documents").rglob("*") if path.is_file()}
    assert entries == {path.name for path in (first / ".cache/rulebook/documents").rglob("*") if path.is_file()}
    parsed: list[str] = []
    monkeypatch.setattr(reader, "parse_bounded", lambda raw, shown: parsed.append(shown) or parse_bounded(raw, shown))
    monkeypatch.setenv("RULEBOOK_CACHE", "0")
    assert run_cli(capsys, "--root", str(cold_copy(tmp_path_factory, tmp_path / "third")), "check")[0] == 0
    assert "rules/alpha/fr.yaml" in parsed, "with the cache off, every file is read again"


def test_the_quick_character_search_finds_exactly_what_the_full_scan_refuses() -> None:
    refused = {
        code
        for code in range(sys.maxunicode + 1)
        if (chr(code) != "\n" and unicodedata.category(chr(code)) == "Cc") or chr(code) in _BIDI_CONTROLS
    }
    found = {code for code in range(sys.maxunicode + 1) if SUSPECT_CHARACTER.search(chr(code))}
    assert found == refused
    # By hand: C0 but the newline, DEL and C1, the bidi embeddings and overrides (5) and isolates (4).
    assert len(refused) == 31 + 1 + 32 + 5 + 4


_UNIT_IDS = st.one_of(
    st.sampled_from(["summary", "rule.x", "section.a-1", "ruling.r.why", "page.title", "rule.", "Rule.x", "x"]),
    st.text(max_size=12),
)
_VALUES = st.one_of(
    st.text(max_size=14),
    st.sampled_from(["original", "draft", "reviewed", "0123456789ab", "0123456789ab\n", "en", "en\n"]),
    st.integers(),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=True),
    st.lists(st.text(max_size=3), max_size=2),
)
_UNITS = st.dictionaries(
    _UNIT_IDS,
    st.one_of(
        st.dictionaries(st.sampled_from(["text", "source", "status", "translated_from", "note", "other"]), _VALUES),
        _VALUES,
    ),
    max_size=4,
)
_WORDS = st.one_of(
    st.fixed_dictionaries({"language": st.sampled_from(["fr", "cs", "fra", "f", "fr\n", "FR"]), "units": _UNITS}),
    st.dictionaries(st.sampled_from(["language", "units", "extra"]), st.one_of(_VALUES, _UNITS), max_size=3),
    _VALUES,
)


@pytest.mark.fuzz
@given(_WORDS)
def test_the_fast_words_validator_never_accepts_what_jsonschema_refuses(data: object) -> None:
    fast = fast_validator(WORDS_SCHEMA)
    assert fast is not None, "words files are the plain schema the fast path is for"
    refused = list(validator(WORDS_SCHEMA).iter_errors(data))
    from fastjsonschema import JsonSchemaException

    try:
        fast(data)
    except JsonSchemaException:
        return  # refused: jsonschema decides and words the problems
    assert not refused, [error.message for error in refused]


def words_files(root: Path) -> list[Path]:
    """The words files of the project at root: each game's and the glossary's, in each language its
    manifest lists (a game's folder holds other YAML besides: its facts, editions, search questions)."""
    import yaml

    manifest = yaml.safe_load((root / "rules" / "project.yaml").read_text(encoding="utf-8"))
    folders = [root / "rules" / game for game in manifest["games"]] + [root / "glossary"]
    return [
        folder / f"{language}.yaml"
        for folder in folders
        for language in manifest["languages"]
        if (folder / f"{language}.yaml").is_file()
    ]


def assert_fast(paths: list[Path]) -> None:
    """Every file's data passes the fast words validator, which raises where it would fall back to jsonschema."""
    from rulebook.located.document import read_document

    fast = fast_validator(WORDS_SCHEMA)
    assert fast is not None
    for path in paths:
        document: Document = read_document(path, path.name)
        fast(document.data)


def test_the_words_files_the_toolkit_writes_take_the_fast_path(translated_project: Path) -> None:
    """What `new game` writes and `i18n import` fills in: by hand, alpha's and beta's en, fr and cs (6 files)."""
    paths = words_files(translated_project)
    assert sorted(path.relative_to(translated_project).as_posix() for path in paths) == [
        f"rules/{game}/{language}.yaml" for game in ("alpha", "beta") for language in ("cs", "en", "fr")
    ]
    assert_fast(paths)


@pytest.mark.content
def test_every_words_file_of_the_project_takes_the_fast_path() -> None:
    """The content's own words files, whatever games and languages rules/project.yaml lists."""
    paths = words_files(ROOT)
    assert paths
    assert_fast(paths)


def test_schemas_with_numbers_stay_on_jsonschema(small_project: Path) -> None:
    # Our integers refuse 2.0 and our numbers refuse NaN; fastjsonschema accepts both.
    assert fast_validator(ROOT / "schemas" / "game.schema.json") is None
    assert fast_validator(small_project / "rules" / "alpha" / "score.schema.json") is None  # points are integers


@pytest.mark.slow  # builds a site
def test_a_rebuild_renders_what_changed_and_drops_what_no_content_makes(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    from conftest import build_site
    from rulebook.markup.escaping import GENERATED_MARK

    root = copy_small_project(tmp_path_factory, tmp_path / "project", site=True, translated=True)
    build_site(root, root / "site")
    assert (root / ".cache/rulebook/pages").is_dir()

    edit(root, "rules/alpha/en.yaml", TOTAL, "the highest total wins. Always.")
    build_site(root, root / "site")
    assert "the highest total wins. Always." in (root / "site/alpha/index.html").read_text(encoding="utf-8")

    # Unchanged content, so the pages come from the cache; a generated page that no content makes
    # (a removed game's) must still go.
    ghost = root / "docs/en/ghost.md"
    ghost.write_text(f"# Ghost\n\n{GENERATED_MARK}\n", encoding="utf-8")
    build_site(root, root / "site")
    assert not ghost.exists() and not (root / "site/ghost").exists()
    assert "the highest total wins. Always." in (root / "site/alpha/index.html").read_text(encoding="utf-8")
