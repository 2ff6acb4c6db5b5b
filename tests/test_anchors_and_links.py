"""Headings and links in text (issue 23, parts 6 and 7): a heading may not take an id the page's
template owns, and a link may not lead to another host than it seems to. Each is refused by
`rulebook check` at its unit's location and by `i18n import` at its PO entry, and the renderer and
the sanitizer stay safe should one get through. The texts are planted in the small project's alpha
(fixture_games.py), which add_rules gives enough rules to hold them all."""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

import markdown
import pytest
from babel.messages.pofile import read_po, write_po
from mkdocs.config import load_config

from conftest import ROOT, build_site, edit, locate, made_once, run_cli, tree_digest
from fixture_games import add_rules, copy_small_project, with_glossary
from hostile import BUILT_OUTSIDE_HOST, BUILT_OUTSIDE_LINK, LINK_TARGETS, plant_units
from rulebook.located.document import read_document
from rulebook.markup.anchors import is_reserved_id
from rulebook.markup.sanitizer import removals, sanitize
from rulebook.markup.target import is_allowed_link, link_refusal, outside_host
from rulebook.render.calculator import ANCHOR as CALCULATOR_ANCHOR
from rulebook.render.glossary import SOUNDS_ANCHOR
from rulebook.validate.check import check_project

# (text, what the check must say about it)
REFUSED: list[tuple[str, list[str]]] = [
    (
        "Text.\n\n## __config",
        [
            "a heading is not allowed in text (its anchor would be '__config')",
            "the id '__config' belongs to the page itself",
        ],
    ),
    ("Text.\n\nrb-calculator-data\n---", ["the id 'rb-calculator-data' belongs to the page itself"]),
    ("Text.\n\n### Calculator", ["the id 'calculator' belongs to the page itself"]),
    ("Text.\n\nmd-content\n===", ["the id 'md-content' belongs to the page itself"]),
    ("Text.\n\n## Scoring again", ["a heading is not allowed in text (its anchor would be 'scoring-again')"]),
    ("See [rules](//evil.example).", ["the link target //evil.example is not allowed: it starts with two slashes"]),
    ("See [rules](/\\evil.example).", ["the link target /\\evil.example is not allowed: it starts with two slashes"]),
    ("See [rules](\\/evil.example).", ["the link target \\/evil.example is not allowed: it starts with two slashes"]),
    ("See [rules](\\\\\\\\evil.example).", ["the link target \\\\evil.example is not allowed: it starts with two"]),
    ("See [rules](%2F%2Fevil.example).", ["the link target %2F%2Fevil.example is not allowed: it starts with two"]),
    ("See [rules](/%5Cevil.example).", ["the link target /%5Cevil.example is not allowed: it starts with two"]),
    (
        "See [rules](https://rules.example@evil.example/).",
        ["the link target https://rules.example@evil.example/ is not allowed: it names a user before the host"],
    ),
    (
        "See [rules](HTTPS:\\\\\\\\rules.example@evil.example).",
        ["the link target HTTPS:\\\\rules.example@evil.example is not allowed: it names a user before the host"],
    ),
    ("See [rules](https:evil.example).", ["the link target https:evil.example is not allowed: write it https://"]),
    (
        "See [https://rules.example/](https://evil.example/).",
        ["the link text 'https://rules.example/' shows rules.example, but the link goes to evil.example"],
    ),
    (
        "See [rules.example](beta.md).",
        ["the link text 'rules.example' shows rules.example, but the link goes to this"],
    ),
]
ACCEPTED = [
    "See [the publisher's rules](https://publisher.example/rules) and [players](beta.md#players).",
    "Write to [rules@publisher.example](mailto:rules@publisher.example) or see [publisher.example](https://publisher.example/).",
    "**Scoring again**\n\n- one\n- two\n\n---\n\nText after a rule.",
]


def _location(root: Path, file: str, unit_id: str) -> str:
    line, col = read_document(root / file, file).where(("units", unit_id, "text"))
    return f"{file}:{line}:{col}: units.{unit_id}.text: "


def test_check_refuses_each_heading_and_link_at_its_location(small_project: Path) -> None:
    file = "rules/alpha/en.yaml"
    texts = [text for text, _ in REFUSED] + ACCEPTED
    ids = add_rules(small_project, len(texts))
    plant_units(small_project, file, dict(zip(ids, texts, strict=True)))
    lines = [str(problem) for problem in check_project(small_project)[1]]
    for unit_id, (_, wanted) in zip(ids, REFUSED, strict=False):
        where = _location(small_project, file, unit_id)
        found = [line for line in lines if line.startswith(where)]
        for message in wanted:
            assert any(message in line for line in found), (where, message, found)
    for unit_id in ids[len(REFUSED) :]:
        where = _location(small_project, file, unit_id)
        assert [line for line in lines if line.startswith(where)] == []


def test_an_i18n_import_refuses_each_heading_and_link_at_its_entry(small_project: Path, tmp_path: Path, capsys) -> None:
    add_rules(small_project, len(REFUSED))
    out_dir = tmp_path / "po"
    code, _, err = run_cli(
        capsys, "--root", str(small_project), "i18n", "export", "cs", "--game", "alpha", "-o", str(out_dir)
    )
    assert code == 0, err
    po_file = out_dir / "alpha.cs.po"
    with po_file.open("rb") as stream:
        catalog = read_po(stream)
    targets = [message for message in catalog if message.context and message.context.startswith("rule.")]
    assert len(targets) >= len(REFUSED)
    for message, (text, _) in zip(targets, REFUSED, strict=False):
        message.string = text
    buffer = BytesIO()
    write_po(buffer, catalog, width=0)
    po_file.write_bytes(buffer.getvalue())
    before = tree_digest(small_project)
    code, out, err = run_cli(capsys, "--root", str(small_project), "i18n", "import", str(po_file))
    assert code == 2, out + err
    for message, (_, wanted) in zip(targets, REFUSED, strict=False):
        said = [line for line in err.splitlines() if line.startswith(f"{po_file}:") and message.context in line]
        for fragment in wanted:
            assert any(fragment in line for line in said), (message.context, fragment, said)
    assert tree_digest(small_project) == before


def test_the_site_gives_no_heading_an_id_the_template_owns() -> None:
    """Should a heading get past the check, its anchor still leaves the template's ids alone."""
    config = load_config(str(ROOT / "mkdocs.yml"))
    config.plugins["rulebook"].on_config(config)
    converter = markdown.Markdown(extensions=config.markdown_extensions, extension_configs=config.mdx_configs)
    html = converter.convert("## __config\n\n## rb-calculator-data\n\n## Calculator\n\n## Scoring")
    ids = re.findall(r'<h2 id="([^"]*)"', html)
    assert ids == ["text-__config", "text-rb-calculator-data", "text-calculator", "scoring"]


# Each literal id the renderer and the theme write, and each the theme's scripts look up.
_WRITTEN_IDS = re.compile(r"""\{ ?#([A-Za-z_][\w-]*)[ }]|\bid="([A-Za-z_][\w-]*)"|getElementById\("([^"]+)"\)""")


def test_every_id_the_renderer_and_the_theme_own_is_reserved() -> None:
    files = [*(ROOT / "tools/rulebook/render").glob("*.py"), *(ROOT / "tools/rulebook/website/theme").rglob("*.*")]
    found = {
        value
        for path in files
        if path.suffix in {".py", ".html", ".js"} and path.parent.name != "min"
        for match in _WRITTEN_IDS.finditer(path.read_text(encoding="utf-8"))
        for value in match.groups()
        if value
    }
    assert {"__config", "rb-calculator-data", "rb-interface", "sources", "referee-notes"} <= found
    found |= {CALCULATOR_ANCHOR, SOUNDS_ANCHOR}  # named constants, not literals
    assert sorted(value for value in found if not is_reserved_id(value)) == []


@pytest.mark.parametrize(("target", "host", "allowed"), LINK_TARGETS)
def test_links_are_judged_as_a_browser_reads_them(target: str, host: str | None, allowed: bool) -> None:
    assert is_allowed_link(target) is allowed, link_refusal(target)
    if allowed:
        assert outside_host(target) == host
    # The sanitizer keeps exactly the links the check allows.
    cleaned = sanitize(f'<a href="{target}">x</a>')
    assert ("href" in cleaned) is allowed, cleaned
    assert (removals(f'<a href="{target}">x</a>') == []) is allowed


@pytest.fixture(scope="module")
def linked_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small project's site, alpha's rule.players a sentence with a link to another host."""

    def make(folder: Path) -> None:
        root = copy_small_project(tmp_path_factory, folder / "project", site=True)
        plant_units(root, "rules/alpha/en.yaml", {"rule.players": BUILT_OUTSIDE_LINK})
        build_site(root, folder / "site")

    return made_once(tmp_path_factory, "linked-site", make) / "site"


def test_a_built_page_shows_the_host_of_each_outside_link(linked_site: Path) -> None:
    page = (linked_site / "alpha" / "index.html").read_text(encoding="utf-8")
    link = '<a href="https://Publisher.example/rules">the printed rules</a>'
    assert f'{link} <span class="rb-host">({BUILT_OUTSIDE_HOST})</span>' in page
    # Links within the site show none.
    assert page.count('class="rb-host"') == 1


def test_check_refuses_content_ids_that_would_take_the_pages_own_anchors(small_project: Path) -> None:
    """Ids in the YAML are anchors too: a rule `rb-calculator-data` would take the calculator's data."""
    with_glossary(small_project, "beta")
    game = edit(small_project, "rules/alpha/game.yaml", "  - id: overview\n", "  - id: calculator\n")
    game = edit(small_project, "rules/alpha/game.yaml", "[players, winner]", "[players, rb-calculator-data]")
    symbols = edit(small_project, "glossary/symbols.yaml", "  - id: ewe\n", "  - id: md-ewe\n")
    symbols = edit(small_project, "glossary/symbols.yaml", "objects, nature]", "objects, rb-nature]")
    lines = [str(problem) for problem in check_project(small_project)[1]]
    wanted = [
        ("rules/alpha/game.yaml", *locate(game, "calculator\n"), "section id 'calculator' is an anchor the page"),
        ("rules/alpha/game.yaml", *locate(game, "rb-calculator-data]"), "rule id 'rb-calculator-data' is an anchor"),
        ("glossary/symbols.yaml", *locate(symbols, "md-ewe"), "symbol id 'md-ewe' is an anchor the page uses"),
        ("glossary/symbols.yaml", *locate(symbols, "rb-nature"), "group 'rb-nature' has the id of a symbol or of the"),
    ]
    for file, line, col, message in wanted:
        assert any(problem.startswith(f"{file}:{line}:{col}: ") and message in problem for problem in lines), (
            file,
            message,
            [problem for problem in lines if problem.startswith(file)],
        )
