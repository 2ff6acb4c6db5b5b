"""Hostile text never reaches a reader: refused at the input with its location, and harmless at
the output even where it gets through (names, readings) or where the checks are bypassed. The project
is the translated fixture as tests/hostile.py makes it (make_hostile_project: alpha with its editions
1.0.1 and 1.0.2, the project's glossary, alpha's French as a publisher's original), and its site built
with and without the payloads that `check` lets through (plant_fixture_built_payloads)."""

from __future__ import annotations

import json
import shutil
from io import BytesIO
from pathlib import Path

import markdown
import pytest
from babel.messages.pofile import read_po, write_po

from conftest import ROOT, made_once, run_cli, tree_digest
from fixture_games import add_rules, translate_units
from hostile import (
    BUILT_GAME_NAME,
    BUILT_LANGUAGE_NAME,
    BUILT_SITE_NAME,
    ELSEWHERE,
    FEWEST_UNITS,
    PLACES,
    REFUSED_TEXT,
    SAFETY_WORDS,
    make_hostile_project,
    make_hostile_site,
    plant_everywhere,
    read_yaml,
    unit_ids,
    write_yaml,
)
from rulebook.load.project import load_project
from rulebook.located.document import read_document
from rulebook.markup.sanitizer import attribute_values, sanitize
from rulebook.render.pages import render_pages
from rulebook.validate.check import check_project
from rulebook.validate.safety import MARKDOWN_EXTENSIONS
from site_scan import dangers_in_page, dangers_in_search_index, scripts_of

# Each round plants at most FEWEST_UNITS payloads at each place: as many as the place with the fewest units has.
ROUNDS = -(-len(REFUSED_TEXT) // FEWEST_UNITS)


@pytest.fixture(scope="module")
def hostile_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return made_once(tmp_path_factory, "hostile-project", make_hostile_project)


def copy_project(made: Path, target: Path) -> Path:
    shutil.copytree(made, target)
    return target


def test_the_corpus_is_large_and_reaches_every_place() -> None:
    assert len(REFUSED_TEXT) >= 30
    assert len(REFUSED_TEXT) * len(PLACES) >= 40 * 4


def located(root: Path, file: str, unit_id: str) -> str:
    document = read_document(root / file, file)
    line, col = document.where(("units", unit_id, "text"))
    return f"{file}:{line}:{col}: units.{unit_id}.text: "


@pytest.mark.slow  # the whole corpus over the live content: make test, not make test-fast
@pytest.mark.parametrize("round_index", range(ROUNDS))
def test_check_refuses_every_payload_at_every_place_with_its_location(
    hostile_project: Path, tmp_path: Path, capsys, round_index
) -> None:
    root = copy_project(hostile_project, tmp_path / "hostile")
    planted = plant_everywhere(root, REFUSED_TEXT, ROUNDS, round_index)
    before = tree_digest(root)
    code, out, err = run_cli(capsys, "--root", str(root), "check")
    assert code == 1, out + err
    # Every problem, as data: the command prints the first 50 of them.
    lines = [str(problem) for problem in check_project(root)[1]]
    for item in planted:
        where = located(root, item.file, item.unit_id)
        found = [line for line in lines if line.startswith(where)]
        assert any(word in line for line in found for word in SAFETY_WORDS), (where, item.payload, found)
    assert tree_digest(root) == before


def test_a_string_fact_is_checked_as_text_where_it_is_and_where_it_is_quoted(translated_project: Path, capsys) -> None:
    root = translated_project
    game = read_yaml(root / "rules/beta/game.yaml")
    game["facts"]["setup"] = {"how": "[shuffle](javascript:alert(1))"}
    write_yaml(root / "rules/beta/game.yaml", game)
    words = read_yaml(root / "rules/beta/en.yaml")
    words["units"]["rule.players"]["text"] = "The game is for {players.min} to {players.max} players: {setup.how}."
    write_yaml(root / "rules/beta/en.yaml", words)
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    assert code == 1
    fact = read_document(root / "rules/beta/game.yaml", "rules/beta/game.yaml")
    line, col = fact.where(("facts", "setup", "how"))
    assert f"rules/beta/game.yaml:{line}:{col}: facts.setup.how: the link target javascript:alert(1)" in out
    assert located(root, "rules/beta/en.yaml", "rule.players") + "the link target javascript:alert(1)" in out


def test_a_game_name_with_markup_is_refused_at_its_line(translated_project: Path, capsys) -> None:
    root = translated_project
    game = read_yaml(root / "rules/alpha/game.yaml")
    game["name"] = "Alpha<img src=x onerror=alert(1)>"
    write_yaml(root / "rules/alpha/game.yaml", game)
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    line, col = read_document(root / "rules/alpha/game.yaml", "x").where(("name",))
    assert code == 1
    assert f"rules/alpha/game.yaml:{line}:{col}: name: a name is plain text" in out


def test_a_po_import_of_hostile_text_is_refused_whole_with_each_entry(
    translated_project: Path, tmp_path: Path, capsys
) -> None:
    root = translated_project
    # A draft Czech rule for every payload: players and winner, and as many more rules, translated.
    added = add_rules(root, len(REFUSED_TEXT))
    translate_units(root, "alpha", "cs", dict.fromkeys(added, "Ještě jedno pravidlo hry."))
    code, _, err = run_cli(capsys, "--root", str(root), "i18n", "export", "cs", "--game", "alpha", "-o", str(tmp_path))
    assert code == 0, err
    po_file = next(tmp_path.glob("alpha.cs.po"))
    with po_file.open("rb") as stream:
        catalog = read_po(stream)
    targets = unit_ids("rules/alpha/cs.yaml", "rule.", "draft", base=root)[: len(REFUSED_TEXT)]
    assert len(targets) == len(REFUSED_TEXT) and targets[:2] == ["rule.players", "rule.winner"]
    for unit_id, (_, payload) in zip(targets, REFUSED_TEXT, strict=False):
        message = next(message for message in catalog if message.context == unit_id)
        message.string = f"{message.string} {payload}"
    buffer = BytesIO()
    write_po(buffer, catalog, width=0)
    po_file.write_bytes(buffer.getvalue())
    before = tree_digest(root)
    code, out, err = run_cli(capsys, "--root", str(root), "i18n", "import", str(po_file))
    assert code == 2, out + err
    for unit_id in targets:  # each refused entry is named, with the PO file's line
        assert any(po_file.name + ":" in line and unit_id in line for line in err.splitlines()), unit_id
    assert tree_digest(root) == before


@pytest.mark.slow  # the whole corpus over the live content: make test, not make test-fast
def test_the_output_layer_alone_makes_every_payload_harmless(hostile_project: Path, tmp_path: Path) -> None:
    """Defence in depth: with the checks bypassed, the pages rendered from every payload still carry
    nothing dangerous once sanitized, and the scan finds what the sanitizer removed."""
    converter = markdown.Markdown(extensions=list(MARKDOWN_EXTENSIONS))
    unsafe, pages = [], 0
    for round_index in range(ROUNDS):
        root = copy_project(hostile_project, tmp_path / str(round_index))
        plant_everywhere(root, REFUSED_TEXT, ROUNDS, round_index)
        for page in render_pages(load_project(root).project):
            converter.reset()
            body = converter.convert(page.text.split("\n---\n", 1)[-1])
            unsafe += dangers_in_page(body)
            assert dangers_in_page(sanitize(body)) == [], page.path
            pages += 1
    # In each language at least the home page, alpha's, beta's and the glossary's.
    assert pages >= 3 * 4 * ROUNDS
    # The escaping alone does not do it: links with script schemes are built until the sanitizer acts.
    assert any("javascript:" in danger for danger in unsafe)
    # Nor does it for links to another host in disguise (`//host`, `/\\host`, `https://user@host`).
    assert any("another host than it shows" in danger for danger in unsafe)


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, set[str]]:
    hostile_site = made_once(tmp_path_factory, "hostile-fixture", make_hostile_site) / "site"
    clean_site = (
        made_once(tmp_path_factory, "clean-fixture", lambda root: make_hostile_site(root, planted=False)) / "site"
    )
    theme_scripts = set()
    for page in clean_site.rglob("*.html"):
        theme_scripts |= scripts_of(page.read_text(encoding="utf-8"))
    return hostile_site, theme_scripts


def test_the_hostile_build_has_nothing_dangerous_on_any_page(hostile: tuple[Path, set[str]]) -> None:
    site, theme_scripts = hostile
    pages = sorted(site.rglob("*.html"))
    # In each language at least the home page, alpha's, beta's and the glossary's.
    for language in ("", "fr/", "cs/"):
        for page in ("index.html", "alpha/index.html", "beta/index.html", "glossary/index.html"):
            assert site / f"{language}{page}" in pages, (language, page)
    assert len(pages) >= 3 * 4
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert dangers_in_page(html) == [], page
        assert scripts_of(html) <= theme_scripts, page
        assert 'http-equiv="Content-Security-Policy"' in html[: html.index("</head>")]


def test_the_hostile_build_shows_names_as_written(hostile: tuple[Path, set[str]]) -> None:
    site, _ = hostile
    alpha = (site / "alpha" / "index.html").read_text(encoding="utf-8")
    # Shown as text, escaped: the quotes cannot close an attribute, the brackets open no tag.
    assert "Alpha&quot; onmouseover=&quot;alert(1)&quot;" in alpha or "Alpha&#34; onmouseover" in alpha
    assert "Rules &amp; &#x27;games&#x27;" in alpha
    french = (site / "fr" / "index.html").read_text(encoding="utf-8")
    assert "Français &amp; l&#x27;été" in french
    assert BUILT_GAME_NAME not in alpha and BUILT_SITE_NAME not in alpha and BUILT_LANGUAGE_NAME not in french
    # The citation in each rule number's tooltip keeps the whole name: nothing breaks out of it. alpha's
    # rules: 1.1 players, 1.2 winner, 2.1 draw, 2.2 pass, 2.3 discard.
    titles = [title for tag, name, title in attribute_values(alpha, frozenset({"title"})) if tag == "a"]
    citations = [title for title in titles if title.startswith(BUILT_GAME_NAME + " ")]
    numbers = {title.removeprefix(BUILT_GAME_NAME + " ") for title in citations}
    assert numbers == {"1.1", "1.2", "2.1", "2.2", "2.3"}, citations


def test_the_hostile_search_indexes_hold_no_markup(hostile: tuple[Path, set[str]]) -> None:
    site, _ = hostile
    indexes = sorted(site.rglob("search_index.json"))
    assert len(indexes) == 3
    for index in indexes:
        assert dangers_in_search_index(json.loads(index.read_text(encoding="utf-8"))) == [], index


def test_no_page_of_the_hostile_build_names_another_host_as_a_resource(hostile: tuple[Path, set[str]]) -> None:
    site, _ = hostile
    for page in site.rglob("*.html"):
        assert ELSEWHERE not in page.read_text(encoding="utf-8")


def test_mkdocs_uses_the_markdown_extensions_the_check_judges_with() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    listed = config.split("markdown_extensions:", 1)[1]
    names = [line.strip()[2:].rstrip(":") for line in listed.splitlines() if line.startswith("  - ")]
    # But ours, last: it holds the sanitizer whose removals the check reports (render/markdown_extension.py).
    assert names[-1] == "rulebook.render.markdown_extension"
    assert tuple(names[:-1]) == MARKDOWN_EXTENSIONS


def test_the_build_warns_when_the_sanitizer_removes_anything(caplog) -> None:
    """Whatever got past the checks is removed from the page, and said: --strict then fails."""
    from types import SimpleNamespace

    from rulebook.website.plugin import RulebookPlugin

    page = SimpleNamespace(file=SimpleNamespace(src_uri="cs/alpha.md"))
    body = '<p>Fine <a href="#x">link</a> and <a href="\x01javascript:alert(1)">bad</a></p>'
    with caplog.at_level("WARNING", logger="mkdocs.plugins.rulebook"):
        cleaned = RulebookPlugin().on_page_content(body, page, None, None)
    assert "javascript" not in cleaned and '<a href="#x">link</a>' in cleaned
    assert [record.getMessage() for record in caplog.records] == [
        'cs/alpha.md: the sanitizer removed the attribute href="\\x01javascript:alert(1)" of <a>'
    ]
    caplog.clear()
    with caplog.at_level("WARNING", logger="mkdocs.plugins.rulebook"):
        RulebookPlugin().on_page_content('<p>Fine <a href="#x">link</a></p>', page, None, None)
    assert caplog.records == []


def test_the_policy_is_on_every_built_page_and_off_in_the_preview(tmp_path: Path, monkeypatch) -> None:
    """`mkdocs serve` adds a live-reload script the policy would refuse; the published build has it.
    The plugin asks the after step (website/finish.py) for the pages' policy in a build only."""
    from types import SimpleNamespace

    from rulebook.website import plugin as plugin_module
    from rulebook.website.finish import SEARCH_INDEX

    asked = []
    monkeypatch.setattr(plugin_module, "finish_site", lambda *args, page_policy: asked.append(page_policy))
    (tmp_path / SEARCH_INDEX).parent.mkdir(parents=True)
    (tmp_path / SEARCH_INDEX).write_text("{}", encoding="utf-8")
    config = SimpleNamespace(site_dir=str(tmp_path), site_url=None, theme=SimpleNamespace(dirs=[]), plugins={})
    for command in ("build", "serve"):
        plugin = plugin_module.RulebookPlugin()
        plugin.load_config({})
        plugin.on_startup(command=command, dirty=False)
        plugin.project = SimpleNamespace(source_language="en")
        plugin.on_post_build(config)
    assert asked == [True, False]
