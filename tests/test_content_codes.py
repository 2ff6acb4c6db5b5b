"""The content checks' problems have codes (issue 25): the glossary's, the worked examples' and the
terms', each planted in one copy of the project, including those that no case of test_each_check.py
plants (pictures too large, unreadable, outside the project or holding scripts; ids that collide).
The faults are planted in the small project (alpha), given a copy of the project's glossary."""

from __future__ import annotations

import json
import os
from pathlib import Path

from conftest import edit
from fixture_games import with_glossary
from rulebook.markup.icons import MAX_PICTURE_BYTES
from rulebook.problem_codes import registry, say
from rulebook.validate.check import check_project
from test_drawn_pictures import HOSTILE_SVG

# The files the faults are planted in: every error located there is one of these checks'.
PLANTED = ("glossary/symbols.yaml", "glossary/terms.yaml", "rules/alpha/game.yaml")

# alpha's one worked example, as `new game --scoring` wrote it: planted a second time, its id collides.
EXAMPLE = """\
  - id: highest-total
    rules: [winner]
    input:
      players: {Ann: [3, 2, 4], Bob: [5, 1, 2]}
    expect: {scores: {Ann: 9, Bob: 8}, winners: [Ann], tiebreak: false}
"""


def _plant(root: Path, elsewhere: Path) -> None:
    with_glossary(root, "alpha")
    pictures = root / "glossary/pictures"
    (pictures / "bee.svg").write_text(HOSTILE_SVG, encoding="utf-8")
    edit(root, "glossary/symbols.yaml", "icon: project/teapot", "icon: project/kettle")  # no such file
    edit(root, "glossary/symbols.yaml", "icon: material/fruit-pear", "icon: project/big")
    (pictures / "big.svg").write_text("<svg>" + " " * MAX_PICTURE_BYTES + "</svg>", encoding="utf-8")
    edit(root, "glossary/symbols.yaml", "icon: material/food-apple", "icon: project/away")
    (elsewhere / "away.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>', encoding="utf-8")
    os.symlink(elsewhere / "away.svg", pictures / "away.svg")
    edit(root, "glossary/symbols.yaml", "  - id: cat\n", "  - id: pear\n")  # pear twice
    edit(root, "glossary/symbols.yaml", "  - id: apple\n", "  - id: sounds\n")  # the sound index's anchor
    edit(root, "glossary/symbols.yaml", "signs, objects, nature]", "signs, objects, nature, eye]")
    edit(root, "rules/alpha/game.yaml", EXAMPLE, EXAMPLE + EXAMPLE)
    edit(root, "glossary/terms.yaml", "      fr: {preferred: [sac], deprecated: [sachet, poche]}\n", "")
    edit(root, "glossary/terms.yaml", "deprecated: [sáček, pytel]}", "deprecated: [sáček, pytel, taška]}")


def test_the_content_checks_problems_are_coded(small_project: Path, tmp_path_factory) -> None:
    _plant(small_project, tmp_path_factory.mktemp("elsewhere"))
    problems = [p for p in check_project(small_project)[1] if p.is_error and p.file in PLANTED]
    for problem in problems:
        assert problem.code in registry(), f"no registered code: {problem}"
        json.dumps(dict(problem.params))
        assert say(problem.code, problem.params, problem.quoted) == problem.message, problem.code
    codes = {problem.code: problem for problem in problems}
    assert {
        "glossary.icon-markup",
        "glossary.icon-unreadable",
        "glossary.icon-too-large",
        "glossary.icon-outside",
        "glossary.duplicate-symbol",
        "glossary.page-anchor",
        "glossary.group-anchor",
        "glossary.empty-group",
        "example.duplicate-id",
        "term.no-whole-terms",
        "term.no-stem",
    } <= set(codes)
    # The hostile picture holds far more than the three things the line names.
    markup = codes["glossary.icon-markup"]
    assert markup.params["count"] > 3 and markup.message.endswith(f" and {markup.params['count'] - 3} more")
    assert codes["glossary.icon-too-large"].params == {"limit": 64}
    assert codes["term.no-whole-terms"].params == {"language": "fr"}
    assert codes["term.no-stem"].params == {"language": "cs"}
    # The first pear's id is on its entry's first line.
    text = (small_project / "glossary/symbols.yaml").read_text(encoding="utf-8")
    first = text[: text.index("  - id: pear\n")].count("\n") + 1
    assert codes["glossary.duplicate-symbol"].params == {"first": first}
