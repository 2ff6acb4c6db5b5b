"""Headings and links in text (issue 23, parts 6 and 7): a heading may not take an id the page's
template owns, and a link may not lead to another host than it seems to. Each is refused by
`rulebook check` at its unit's location and by `i18n import` at its PO entry, and the renderer and
the sanitizer stay safe should one get through."""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

import markdown
import pytest
from babel.messages.pofile import read_po, write_po
from mkdocs.config import load_config

from conftest import ROOT, edit, locate, run_cli, tree_digest
from hostile import BUILT_OUTSIDE_HOST, LINK_TARGETS, plant_units, unit_ids
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
        "See [rules.example](rebus.md).",
        ["the link text 'rules.example' shows rules.example, but the link goes to this"],
    ),
]
ACCEPTED = [
    "See [the publisher's rules](https://publisher.example/rules) and [scoring](rebus.md#scoring).",
    "Write to [rules@publisher.example](mailto:rules@publisher.example) or see [publisher.example](https://publisher.example/).",
    "**Scoring again**\n\n- one\n- two\n\n---\n\nText after a rule.",
]


def _location(root: Path, file: str, unit_id: str) -> str:
    line, col = read_document(root / file, file).where(("units", unit_id, "text"))
    return f"{file}:{line}:{col}: units.{unit_id}.text: "


def test_check_refuses_each_heading_and_link_at_its_location(project_copy: Path) -> None:
    file = "rules/rebus/en.yaml"
    ids = unit_ids(file, "rule.", None)
    texts = [text for text, _ in REFUSED] + ACCEPTED
    assert len(ids) >= len(texts)
    plant_units(project_copy, file, dict(zip(ids, texts, strict=False)))
    lines = [str(problem) for problem in check_project(project_copy)[1]]
    for unit_id, (_, wanted) in zip(ids, REFUSED, strict=False):
        where = _location(project_copy, file, unit_id)
        found = [line for line in lines if line.startswith(where)]
        for message in wanted:
            assert any(message in line for line in found), (where, message, found)
    for unit_id in ids[len(REFUSED) : len(texts)]:
        where = _location(project_copy, file, unit_id)
        assert [line for line in lines if line.startswith(where)] == []


def test_an_i18n_import_refuses_each_heading_and_link_at_its_entry(project_copy: Path, tmp_path: Path, capsys) -> None:
    out_dir = tmp_path / "po"
    code, _, err = run_cli(
        capsys, "--root", str(project_copy), "i18n", "export", "cs", "--game", "rebus", "-o", str(out_dir)
    )
    assert code == 0, err
    po_file = out_dir / "rebus.cs.po"
    with po_file.open("rb") as stream:
        catalog = read_po(stream)
    targets = [message for message in catalog if message.context and message.context.startswith("rule.")]
    assert len(targets) >= len(REFUSED)
    for message, (text, _) in zip(targets, REFUSED, strict=False):
        message.string = text
    buffer = BytesIO()
    write_po(buffer, catalog, width=0)
    po_file.write_bytes(buffer.getvalue())
    before = tree_digest(project_copy)
    code, out, err = run_cli(capsys, "--root", str(project_copy), "i18n", "import", str(po_file))
    assert code == 2, out + err
    for message, (_, wanted) in zip(targets, REFUSED, strict=False):
        said = [line for line in err.splitlines() if line.startswith(f"{po_file}:") and message.context in line]
        for fragment in wanted:
            assert any(fragment in line for line in said), (message.context, fragment, said)
    assert tree_digest(project_copy) == before


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


def test_a_built_page_shows_the_host_of_each_outside_link(hostile_site: Path) -> None:
    page = (hostile_site / "rebus" / "index.html").read_text(encoding="utf-8")
    link = '<a href="https://Publisher.example/rules">the printed rules</a>'
    assert f'{link} <span class="rb-host">({BUILT_OUTSIDE_HOST})</span>' in page
    # Links within the site show none.
    assert page.count('class="rb-host"') == 1


def test_check_refuses_content_ids_that_would_take_the_pages_own_anchors(project_copy: Path) -> None:
    """Ids in the YAML are anchors too: a rule `rb-calculator-data` would take the calculator's data."""
    game = edit(project_copy, "rules/rebus/game.yaml", "  - id: ending\n", "  - id: calculator\n")
    game = edit(project_copy, "rules/rebus/game.yaml", "[end-of-play, winner]", "[end-of-play, rb-calculator-data]")
    symbols = edit(project_copy, "glossary/symbols.yaml", "  - id: ewe\n", "  - id: md-ewe\n")
    symbols = edit(project_copy, "glossary/symbols.yaml", "objects, nature]", "objects, rb-nature]")
    lines = [str(problem) for problem in check_project(project_copy)[1]]
    wanted = [
        ("rules/rebus/game.yaml", *locate(game, "calculator\n"), "section id 'calculator' is an anchor the page"),
        ("rules/rebus/game.yaml", *locate(game, "rb-calculator-data]"), "rule id 'rb-calculator-data' is an anchor"),
        ("glossary/symbols.yaml", *locate(symbols, "md-ewe"), "symbol id 'md-ewe' is an anchor the page uses"),
        ("glossary/symbols.yaml", *locate(symbols, "rb-nature"), "group 'rb-nature' has the id of a symbol or of the"),
    ]
    for file, line, col, message in wanted:
        assert any(problem.startswith(f"{file}:{line}:{col}: ") and message in problem for problem in lines), (
            file,
            message,
            [problem for problem in lines if problem.startswith(file)],
        )
