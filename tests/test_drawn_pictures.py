"""Pictures drawn for the project (glossary/pictures/*.svg, icon `project/<name>`): only shapes reach a
page. `rulebook check` names whatever else a file holds, with the symbol's place in symbols.yaml, and
the page keeps the shapes alone whatever the file holds. The faults are planted in the project's own
glossary given to alpha of the small fixture (fixture_games.with_glossary); that the project's drawn
pictures are shapes only is a content test, of whatever glossary rules/ has."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from conftest import ROOT, edit, locate, run_cli
from fixture_games import with_glossary
from hostile import ELSEWHERE
from rulebook.load.project import load_project
from rulebook.markup.icons import icon_file, inline_svg, is_drawn
from rulebook.markup.sanitizer import PICTURE_ALLOWED, removals, sanitize
from rulebook.render.pages import render_pages

# Everything an SVG can run or load by: a script, event attributes, references to other files and
# hosts (href, xlink:href, <use>, <image>, <foreignObject>), style and its url(), and path data that is not path data.
HOSTILE_SVG = f"""<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
 viewBox="0 0 24 24" onload="alert(1)" style="background:url({ELSEWHERE}/bg.png)">
<script>alert(2)</script>
<style>path {{ fill: url({ELSEWHERE}/paint.svg#p) }}</style>
<path d="M2 2h20v20H2Z" onclick="alert(3)" style="fill:url({ELSEWHERE}/f.svg#g)"/>
<path d="url({ELSEWHERE}/d)"/>
<use href="{ELSEWHERE}/sprite.svg#bee" xlink:href="{ELSEWHERE}/sprite.svg#bee"/>
<image href="{ELSEWHERE}/bee.png" width="24" height="24"/>
<a href="javascript:alert(4)"><path d="M4 4h2v2H4Z"/></a>
<foreignObject width="24" height="24"><iframe src="{ELSEWHERE}/"></iframe></foreignObject>
</svg>"""
RUNS_OR_LOADS = (
    "alert",
    "script",
    "onload",
    "onclick",
    "style",
    "url(",
    "href",
    "elsewhere",
    "<use",
    "<image",
    "iframe",
)


def test_the_drawn_pictures_are_shapes_only() -> None:
    """Content: every picture the project's glossary draws holds shapes alone, and its page keeps them all."""
    glossary = load_project(ROOT).project.glossary
    if glossary is None:
        pytest.skip("the project has no glossary")
    for symbol in [s for s in glossary.symbols if is_drawn(s.icon)]:
        text = icon_file(symbol.icon, ROOT).read_text(encoding="utf-8")
        assert removals(text, PICTURE_ALLOWED) == [], symbol.id
        assert inline_svg(symbol.icon, ROOT).count("<path d=") == text.count("<path d=") >= 1, symbol.id


def test_the_picture_allowlist_keeps_shapes_and_nothing_that_runs_or_loads() -> None:
    kept = sanitize(HOSTILE_SVG, PICTURE_ALLOWED)
    assert not [word for word in RUNS_OR_LOADS if word in kept.lower()]
    assert kept.count("<path") == 3 and '<path d="M2 2h20v20H2Z">' in kept  # the shapes stay
    assert '<path d="M4 4h2v2H4Z">' in kept  # a shape inside a refused link stays, the link goes
    said = removals(HOSTILE_SVG, PICTURE_ALLOWED)
    for what in ("the element <script>", "the element <style>", "the element <use>", "the element <image>"):
        assert what in said
    assert 'the attribute onload="alert(1)" of <svg>' in said
    assert 'the attribute onclick="alert(3)" of <path>' in said
    assert f'the attribute d="url({ELSEWHERE}/d)" of <path>' in said


@pytest.fixture
def glossed(small_project: Path) -> Path:
    """The small fixture with the project's glossary, its drawn pictures bee.svg and teapot.svg among them."""
    return with_glossary(small_project, "alpha")


def test_a_hostile_drawn_picture_is_named_by_check_and_never_reaches_a_page(glossed: Path, capsys) -> None:
    code, out, _ = run_cli(capsys, "--root", str(glossed), "check")
    assert code == 0, out
    (glossed / "glossary/pictures/bee.svg").write_text(HOSTILE_SVG, encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(glossed), "check")
    line, column = locate((glossed / "glossary/symbols.yaml").read_text(encoding="utf-8"), "project/bee")
    assert code == 1
    [problem] = [row for row in out.splitlines() if "project/bee" in row]
    assert problem.startswith(
        f"glossary/symbols.yaml:{line}:{column}: icon 'project/bee': glossary/pictures/bee.svg holds what a "
        "picture may not: the attribute xmlns:xlink="
    )
    assert 'the attribute onload="alert(1)" of <svg>' in problem
    assert re.search(r" and \d+ more$", problem)  # one line, however much the file holds
    glossary = next(p.text for p in render_pages(load_project(glossed).project) if p.path == "en/glossary.md")
    start = glossary.index('<div class="rb-symbol__picture">', glossary.index("{ #bee }"))
    picture = glossary[start : glossary.index("</div>", start)]
    assert "<path" in picture and not [word for word in RUNS_OR_LOADS if word in picture.lower()]


def test_a_missing_or_outside_drawn_picture_is_refused(glossed: Path, capsys, tmp_path_factory) -> None:
    edit(glossed, "glossary/symbols.yaml", "icon: project/teapot", "icon: project/kettle")
    outside = tmp_path_factory.mktemp("elsewhere") / "outside.svg"  # glossed is inside tmp_path
    outside.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"/>', encoding="utf-8")
    (glossed / "glossary/pictures/bee.svg").unlink()
    os.symlink(outside, glossed / "glossary/pictures/bee.svg")
    code, out, _ = run_cli(capsys, "--root", str(glossed), "check")
    symbols = (glossed / "glossary/symbols.yaml").read_text(encoding="utf-8")
    kettle, bee = locate(symbols, "project/kettle"), locate(symbols, "project/bee")
    assert code == 1
    assert [row for row in out.splitlines() if "icon 'project/" in row] == [
        f"glossary/symbols.yaml:{bee[0]}:{bee[1]}: icon 'project/bee': glossary/pictures/bee.svg: "
        "a link to a file outside the project: refused unread",
        f"glossary/symbols.yaml:{kettle[0]}:{kettle[1]}: icon 'project/kettle': "
        "no readable UTF-8 picture glossary/pictures/kettle.svg",
    ]
