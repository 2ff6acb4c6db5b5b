"""Translation QA in `rulebook check`: each check fires on a broken copy of a clean translation, at
the unit's place. The translations are the translated fixture's (fixture_games.py), with the
project's typography and terms (with_typography, with_glossary) and alpha's rule.players given a
bag of tiles in every language (qa_project), so that the terms have a word to keep to."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import edit, locate, made_once, run_cli
from fixture_games import make_translated_project, with_glossary, with_typography
from rulebook.model import Typography, source_hash
from rulebook.validate.qa import typography_messages

NBSP, NNBSP = "\u00a0", "\u202f"
PLAYERS = "The game is for {players.min} to {players.max} players."
BAG = {
    "en": (PLAYERS, "The game is for {players.min} to {players.max} players, each with a bag of tiles."),
    "fr": ("{players.max} joueurs.", "{players.max} joueurs, chacun avec un sac de tuiles."),
    "cs": ("{players.max} hráči.", "{players.max} hráči, každý s pytlíkem kamínů."),
}


def make_qa_project(root: Path) -> None:
    """The translated fixture with the project's typography and terms, alpha's rule.players holding a
    bag of tiles in every language, and French's space before ';' the narrow one the project chose."""
    make_translated_project(root)
    with_typography(root)
    with_glossary(root, "alpha")
    for language, (old, new) in BAG.items():
        edit(root, f"rules/alpha/{language}.yaml", old, new)
    # The translations follow the new English: their source is its hash, so none is outdated.
    for language in ("fr", "cs"):
        words = root / f"rules/alpha/{language}.yaml"
        text = words.read_text(encoding="utf-8")
        found = re.search(r"  rule\.players:\n    text: .*\n    source: \"(\w+)\"\n", text)
        assert found is not None
        followed = found.group(0).replace(found.group(1), source_hash(BAG["en"][1]))
        words.write_text(text.replace(found.group(0), followed), encoding="utf-8")
    french = root / "rules/alpha/fr.yaml"
    french.write_text(french.read_text(encoding="utf-8").replace(f"{NBSP};", f"{NNBSP};"), encoding="utf-8")


@pytest.fixture
def qa_project(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Path:
    """A copy of the clean project of make_qa_project (made once a run), safe to break."""
    return Path(shutil.copytree(made_once(tmp_path_factory, "qa-project", make_qa_project), tmp_path / "qa"))


FR, CS, EN = "rules/alpha/fr.yaml", "rules/alpha/cs.yaml", "rules/alpha/en.yaml"
BREAKS = [
    (
        "number",
        FR,
        "Ann marque 3, 2 et 4",
        "Ann marque trois, 2 et 4",
        "example.highest-total",
        "the English says 3, the translation does not",
    ),
    (
        "emphasis",
        FR,
        "un sac de tuiles.",
        "un *sac de tuiles.",
        "rule.players",
        "unbalanced Markdown emphasis (* or **)",
    ),
    (
        "link",
        FR,
        "un sac de tuiles.",
        "un [sac](https://example.org) de tuiles.",
        "rule.players",
        "0 Markdown link(s) in the English, 1 in the translation",
    ),
    (
        "closing punctuation",
        CS,
        "s pytlíkem kamínů.",
        "s pytlíkem kamínů",
        "rule.players",
        "the English ends with full stop, the translation with none",
    ),
    (
        "closing punctuation where the English has none",
        FR,
        "text: Aperçu\n",
        "text: Aperçu.\n",
        "section.overview",
        "the English ends with no closing punctuation, the translation with full stop",
    ),
    (
        "French colon",
        FR,
        "text: Le jeu se joue de {players.min} à {players.max} joueurs, chacun avec un sac de tuiles.",
        'text: "Le jeu se joue de {players.min} à {players.max} joueurs : chacun avec un sac de tuiles."',
        "rule.players",
        "French typography: a no-break space (U+00A0 or U+202F) goes before ':'",
    ),
    (
        "French narrow space, where the project chose it",
        FR,
        f"ses points{NNBSP};",
        f"ses points{NBSP};",
        "rule.winner",
        "French typography: the space before ';' is the narrow no-break space (U+202F), not U+00A0",
    ),
    (
        "French guillemets",
        FR,
        "un sac de tuiles.",
        "un «sac» de tuiles.",
        "rule.players",
        "French typography: « and » take a no-break space inside",
    ),
    (
        "French straight quotes",
        FR,
        "un sac de tuiles.",
        'un "sac" de tuiles.',
        "rule.players",
        'French typography: straight quotes ("); quote with «…»',
    ),
    (
        "Czech straight quotes",
        CS,
        "s pytlíkem kamínů.",
        's "pytlíkem" kamínů.',
        "rule.players",
        'Czech typography: straight quotes ("); quote with „…“',
    ),
    (
        "forbidden term",
        FR,
        "un sac de tuiles.",
        "un sachet de tuiles.",
        "rule.players",
        "terminology: 'sachet…' is not used for 'bag'; say 'sac…'",
    ),
    (
        "forbidden term, where the glossary prefers two forms",
        FR,
        "un sac de tuiles.",
        "un sac de tuiles et le tablier.",
        "rule.players",
        "terminology: 'tablier…' is not used for 'board'; say 'plateau…', 'plateaux…'",
    ),
    (
        "a word the English itself must avoid",
        EN,
        "a bag of tiles.",
        "a bag of tiles on a rack.",
        "rule.players",
        "terminology: 'rack…' is not used for 'hand'; say 'in hand…', 'your hand…', 'their hand…', 'player’s hand…',"
        " 'hand limit…'",
    ),
    (
        "a Czech word for a rack, where the player holds a hand",
        CS,
        "s pytlíkem kamínů.",
        "s pytlíkem kamínů a stojánek.",
        "rule.players",
        "terminology: 'stojánek…' is not used for 'hand'; say 'ruk…', 'ruc…', 'ruce…'",
    ),
    (
        "missing term",
        CS,
        "s pytlíkem kamínů.",
        "s kapsou kamínů.",
        "rule.players",
        "terminology: the English has 'bag', the translation none of 'pytlík…'",
    ),
]


@pytest.mark.parametrize("case", BREAKS, ids=[case[0] for case in BREAKS])
def test_each_qa_check_fires_at_the_unit(qa_project: Path, capsys, case) -> None:
    _, file, old, new, unit_id, message = case
    path = qa_project / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    broken = text.replace(old, new)
    path.write_text(broken, encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(qa_project), "check")
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


def test_a_re_check_in_the_same_process_follows_the_terms_as_well_as_the_texts(qa_project: Path, capsys) -> None:
    """QA remembers each unit's messages in a process (`rulebook serve` re-checks after every edit):
    what they depend on besides the unit's text, the language's terms among them, must count too."""
    assert run_cli(capsys, "--root", str(qa_project), "check")[0] == 0
    terms = qa_project / "glossary/terms.yaml"
    clean = terms.read_text(encoding="utf-8")
    old = "fr: {preferred: [tuile], forbidden: [carreau, pièce]}"
    assert clean.count(old) == 1
    terms.write_text(clean.replace(old, old.replace("pièce]", "pièce, chacun]")), encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(qa_project), "check", "--json")
    found = {(problem["file"], problem["line"], problem["code"]) for problem in json.loads(out)["problems"]}
    line, _ = locate((qa_project / FR).read_text(encoding="utf-8"), "chacun avec un sac")  # alpha's rule.players
    assert code == 1 and (FR, line, "qa.forbidden-term") in found, out
    terms.write_text(clean, encoding="utf-8")
    assert run_cli(capsys, "--root", str(qa_project), "check")[0] == 0
