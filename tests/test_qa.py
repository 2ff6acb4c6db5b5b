"""Translation QA in `rulebook check`: each check fires on a broken copy of a real translation,
at the unit's place (the real content is clean: see test_check.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_cli
from rulebook.model import Typography
from rulebook.validate.qa import typography_messages

NBSP = "\u00a0"

BREAKS = [
    (
        "number",
        "glossary/fr.yaml",
        "Le chiffre 1 sur",
        "Le chiffre un sur",
        "symbol.one.description",
        "the English says 1, the translation does not",
    ),
    (
        "emphasis",
        "rules/oh-my-word/fr.yaml",
        "*The Man in the",
        "The Man in the",
        "rule.longer-terms",
        "unbalanced Markdown emphasis (* or **)",
    ),
    (
        "link",
        "rules/rebus/fr.yaml",
        "selon leur couleur.",
        "selon leur [couleur](https://example.org).",
        "rule.bags",
        "0 Markdown link(s) in the English, 1 in the translation",
    ),
    (
        "closing punctuation",
        "rules/rebus/cs.yaml",
        "|other=pytlíků}}.",
        "|other=pytlíků}}",
        "rule.bags",
        "the English ends with full stop, the translation with none",
    ),
    (
        "closing punctuation where the English has none",
        "rules/rebus/fr.yaml",
        "text: Pour jouer\n",
        "text: Pour jouer.\n",
        "section.play",
        "the English ends with no closing punctuation, the translation with full stop",
    ),
    (
        "French colon",
        "rules/rebus/fr.yaml",
        f"Pas d’énumérations. Exemple{NBSP}:",
        "Pas d’énumérations. Exemple :",
        "rule.no-lists",
        "French typography: a no-break space (U+00A0 or U+202F) goes before ':'",
    ),
    (
        "French narrow space, where the project chose it",
        "rules/rebis/fr.yaml",
        "des cartes\u202f; le projet",
        f"des cartes{NBSP}; le projet",
        "ruling.shelf-limit.why",
        "French typography: the space before ';' is the narrow no-break space (U+202F), not U+00A0",
    ),
    (
        "French guillemets",
        "rules/rebus/fr.yaml",
        f"plus proche du «{NBSP}A{NBSP}»",
        "plus proche du «A»",
        "rule.starting-player",
        "French typography: « and » take a no-break space inside",
    ),
    (
        "French straight quotes",
        "rules/rebus/fr.yaml",
        f"plus proche du «{NBSP}A{NBSP}»",
        'plus proche du "A"',
        "rule.starting-player",
        'French typography: straight quotes ("); quote with «…»',
    ),
    (
        "Czech straight quotes",
        "rules/oh-my-word/cs.yaml",
        "platí „při nerozhodném výsledku“ mezi",
        'platí "při nerozhodném výsledku" mezi',
        "ruling.tie.why",
        'Czech typography: straight quotes ("); quote with „…“',
    ),
    (
        "forbidden term",
        "rules/rebus/fr.yaml",
        "les {components.bags} sacs",
        "les {components.bags} sachets",
        "rule.bags",
        "terminology: 'sachet…' is not used for 'bag'; say 'sac…'",
    ),
    (
        "forbidden term, where the glossary prefers two forms",
        "rules/rebus/fr.yaml",
        "pose ce rébus sur le plateau,",
        "pose ce rébus sur le tablier,",
        "rule.first-turn",
        "terminology: 'tablier…' is not used for 'board'; say 'plateau…', 'plateaux…'",
    ),
    (
        "a word the English itself must avoid",
        "rules/rebus/en.yaml",
        "one turn: a player holds 9.",
        "one turn: a rack holds 9.",
        "example.ten-tiles",
        "terminology: 'rack…' is not used for 'hand'; say 'in hand…', 'your hand…', 'their hand…', 'player’s hand…',"
        " 'hand limit…'",
    ),
    (
        "a Czech word for a rack, where the player holds a hand",
        "rules/rebus/cs.yaml",
        "hráč jich má v ruce jen 9.",
        "na stojánek se jich vejde jen 9.",
        "example.ten-tiles",
        "terminology: 'stojánek…' is not used for 'hand'; say 'ruk…', 'ruc…', 'ruce…'",
    ),
    (
        "missing term",
        "rules/rebus/cs.yaml",
        "{{components.bags|one=pytlíku|few=pytlíků|other=pytlíků}}",
        "{{components.bags|one=kapsy|few=kapes|other=kapes}}",
        "rule.bags",
        "terminology: the English has 'bag', the translation none of 'pytlík…'",
    ),
]


@pytest.mark.parametrize("case", BREAKS, ids=[case[0] for case in BREAKS])
def test_each_qa_check_fires_at_the_unit(project_copy: Path, capsys, case) -> None:
    _, file, old, new, unit_id, message = case
    path = project_copy / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    broken = text.replace(old, new)
    path.write_text(broken, encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    value = broken.index("text:", broken.index(f"  {unit_id}:")) + len("text: ")
    line, col = broken.count("\n", 0, value) + 1, value - broken.rfind("\n", 0, value)
    assert code == 1
    assert f"{file}:{line}:{col}: units.{unit_id}.text: {message}" in out.splitlines(), out


def test_straight_quotes_are_judged_outside_code_and_where_the_language_lists_its_quotes() -> None:
    czech = Typography(quotes=("„", "“"))
    assert typography_messages(czech, "cs", 'Napište `"A"` a pak "B".') == [
        'Czech typography: straight quotes ("); quote with „…“'
    ]
    assert typography_messages(czech, "cs", 'Napište `"A"` a pak „B“.') == []  # code keeps its own quotes
    assert typography_messages(Typography(no_break_space_before=":"), "fr", 'Dites "A".') == []  # none listed


def test_the_narrow_space_is_required_only_before_the_marks_that_chose_it() -> None:
    french = Typography(no_break_space_before=":;!?", narrow_no_break_space_before=";!?")
    assert typography_messages(french, "fr", f"Règle{NBSP}: oui\u202f; non\u202f? Si\u202f!") == []
    assert typography_messages(french, "fr", f"Oui{NBSP}? Non{NBSP}! Si{NBSP};") == [
        f"French typography: the space before '{mark}' is the narrow no-break space (U+202F), not U+00A0"
        for mark in "!;?"
    ]
    assert typography_messages(Typography(no_break_space_before=";"), "fr", f"Oui{NBSP}; non") == []  # none chosen


def test_a_re_check_in_the_same_process_follows_the_terms_as_well_as_the_texts(project_copy: Path, capsys) -> None:
    """QA remembers each unit's messages in a process (`rulebook serve` re-checks after every edit):
    what they depend on besides the unit's text, the language's terms among them, must count too."""
    assert run_cli(capsys, "--root", str(project_copy), "check")[0] == 0
    terms = project_copy / "glossary/terms.yaml"
    clean = terms.read_text(encoding="utf-8")
    old = "fr: {preferred: [tuile], forbidden: [carreau, pièce]}"
    assert clean.count(old) == 1
    terms.write_text(clean.replace(old, old.replace("pièce]", "pièce, couleur]")), encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check", "--json")
    found = {(problem["file"], problem["line"], problem["code"]) for problem in json.loads(out)["problems"]}
    assert code == 1 and ("rules/rebus/fr.yaml", 20, "qa.forbidden-term") in found, out  # "… selon leur couleur."
    terms.write_text(clean, encoding="utf-8")
    assert run_cli(capsys, "--root", str(project_copy), "check")[0] == 0
