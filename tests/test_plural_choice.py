"""Grammatical number follows the fact: a translation chooses a word's form by the CLDR plural
category of a number fact (`{{group.name|one=…|few=…|other=…}}`), `rulebook check` refuses a choice
that cannot always choose, and the PO files stay valid python-brace-format (issue 24, part 3). The
choices are in the translations of alpha's rule.players, in the translated small project
(fixture_games.py): players.min is 2 and players.max 4."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import polib
import pytest
import yaml

from conftest import edit, locate, run_cli
from rulebook.load.project import load_project
from rulebook.render.pages import render_pages


def page(root: Path, path: str) -> str:
    [rendered] = list(render_pages(load_project(root).project, lambda candidate: candidate == path))
    return rendered.text


# Czech: 1 hráč, 2–4 hráči, 5 and more hráčů; French: 0 and 1 take the singular (many: a million).
CHOICE = "nejvýše {players.max} {{players.max|one=hráč|few=hráči|other=hráčů}}."
CZECH = "Hru hrají nejméně {players.min} {{players.min|one=hráč|few=hráči|other=hráčů}} a " + CHOICE
FRENCH = "Le jeu se joue de {players.min} à {players.max} {{players.max|one=joueur|many=de joueurs|other=joueurs}}."
CS, FR = "rules/alpha/cs.yaml", "rules/alpha/fr.yaml"


@pytest.fixture
def chosen_project(translated_project: Path, capsys) -> Path:
    """The translated small project whose Czech and French of rule.players choose their nouns by
    number (the English is unchanged: they stay current), which the check passes."""
    edit(translated_project, CS, "text: Hru hrají {players.min} až {players.max} hráči.", f"text: {CZECH}")
    edit(translated_project, FR, "text: Le jeu se joue de {players.min} à {players.max} joueurs.", f"text: {FRENCH}")
    code, out, _ = run_cli(capsys, "--root", str(translated_project), "check")
    assert code == 0 and "rule.players" not in out, out
    return translated_project


@pytest.mark.parametrize(
    ("count", "czech", "french"),
    [
        (1, "nejvýše 1 hráč.", "à 1 joueur."),
        (3, "nejvýše 3 hráči.", "à 3 joueurs."),
        (5, "nejvýše 5 hráčů.", "à 5 joueurs."),
    ],
)
def test_the_noun_follows_the_number(chosen_project, count, czech, french) -> None:
    edit(chosen_project, "rules/alpha/game.yaml", "max: 4", f"max: {count}")
    assert czech in page(chosen_project, "cs/alpha.md")
    assert french in page(chosen_project, "fr/alpha.md")


def test_each_choice_of_a_sentence_follows_its_own_count(chosen_project) -> None:
    edit(chosen_project, "rules/alpha/game.yaml", "max: 4", "max: 5")
    czech = page(chosen_project, "cs/alpha.md")
    assert "nejméně 2 hráči a nejvýše 5 hráčů." in czech  # players.min unchanged: still few
    assert "à 5 joueurs." in page(chosen_project, "fr/alpha.md")


REFUSED = [
    (
        "nejvýše {players.max} {{players.max|one=hráč|few=hráči|other=hráčů|many=hráče}}.",
        "plural choice on {players.max} gives one, few, other, many; Czech whole numbers take one, few, other",
    ),
    (
        "nejvýše {players.max} {{players.max|one=hráč|other=hráčů}}.",
        "plural choice on {players.max} gives one, other; Czech whole numbers take one, few, other",
    ),
    (
        "nejvýše {players.max} {{players.most|one=hráč|few=hráči|other=hráčů}}.",
        "plural choice on {players.most}, which names no fact",
    ),
    (
        "nejvýše {players.max} {{players.max.x|one=hráč|few=hráči|other=hráčů}}.",
        "plural choice on {players.max.x}, which names no fact",
    ),
    (
        "nejvýše {players.max} {{players.max one=hráč few=hráči other=hráčů}}.",
        "a plural choice must read {{group.name|one=…|other=…}}, one form per category: "
        "'{{players.max one=hráč few=hráči other=hráčů}}'",
    ),
    (
        "nejvýše {players.max} {{players.max|one=hráč|one=hráči|other=hráčů}}.",
        "a plural choice must read {{group.name|one=…|other=…}}, one form per category: "
        "'{{players.max|one=hráč|one=hráči|other=hráčů}}'",
    ),
    (
        "nejvýše {players.max} {{players.max|one=hráč|few=|other=hráčů}}.",
        "a plural choice must read {{group.name|one=…|other=…}}, one form per category: "
        "'{{players.max|one=hráč|few=|other=hráčů}}'",
    ),
]


@pytest.mark.parametrize(("text", "message"), REFUSED, ids=[message[:40] for _, message in REFUSED])
def test_a_choice_that_cannot_always_choose_is_refused_where_it_is(chosen_project, capsys, text, message) -> None:
    written = edit(chosen_project, CS, CHOICE, text)
    line, col = locate(written, text)
    col += text.index("{{")
    code, out, _ = run_cli(capsys, "--root", str(chosen_project), "check")
    assert code == 1
    assert f"{CS}:{line}:{col}: units.rule.players.text: {message}" in out.splitlines(), out


BOX = "  box:\n    model: LR03\n    boards: [1, 2, 3]\n"  # a text and a list, beside alpha's counts


def test_a_choice_on_a_text_or_a_list_is_refused(chosen_project, capsys) -> None:
    """A text fact and a list fact (BOX, added to alpha's facts): neither has a number."""
    edit(chosen_project, "rules/alpha/game.yaml", "facts:\n", f"facts:\n{BOX}")
    text = edit(chosen_project, CS, "{{players.max|", "{{box.model|")
    code, out, _ = run_cli(capsys, "--root", str(chosen_project), "check")
    line, col = locate(text, "{{box.model")
    assert code == 1
    assert f"{CS}:{line}:{col}: units.rule.players.text: plural choice on {{box.model}}, which is not a number" in out
    edit(chosen_project, CS, "{{box.model|", "{{box.boards|")
    code, out, _ = run_cli(capsys, "--root", str(chosen_project), "check")
    assert "plural choice on {box.boards}, which is not a number" in out


def test_a_decimal_fact_takes_czech_many(chosen_project, capsys) -> None:
    """Czech `many` is the form for decimals (1,5 hráče): required when the fact is one. A new
    game's facts may be any number (schemas/game.schema.json types only the real games')."""
    edit(chosen_project, "rules/alpha/game.yaml", "max: 4", "max: 1.5")
    code, out, _ = run_cli(capsys, "--root", str(chosen_project), "check")
    assert code == 1
    assert "Czech decimal numbers take one, few, many, other" in out
    edit(chosen_project, CS, "few=hráči|other=hráčů}}.", "few=hráči|many=hráče|other=hráčů}}.")
    assert "nejvýše 1,5 hráče." in page(chosen_project, "cs/alpha.md")


def test_a_po_file_with_choices_imports_and_passes_msgfmt(chosen_project, tmp_path, capsys) -> None:
    """The doubled braces are literal braces to python-brace-format: msgfmt --check accepts the
    entry, where `{name:…}` and ICU's `{name, plural, …}` are refused."""
    code, _, err = run_cli(
        capsys, "--root", str(chosen_project), "i18n", "export", "cs", "--game", "alpha", "-o", str(tmp_path)
    )
    assert code == 0, err
    po_path = tmp_path / "alpha.cs.po"
    po = polib.pofile(str(po_path))
    entry = next(e for e in po if e.msgctxt == "rule.winner")
    assert "python-brace-format" in entry.flags
    chosen = "Po {scoring.rounds} {{scoring.rounds|one=kole|few=kolech|other=kolech}} vyhrává nejvyšší součet."
    entry.msgstr = chosen
    po.save(str(po_path))
    code, _, err = run_cli(capsys, "--root", str(chosen_project), "i18n", "import", str(po_path))
    assert code == 0, err
    assert yaml.safe_load((chosen_project / CS).read_text(encoding="utf-8"))["units"]["rule.winner"]["text"] == chosen
    assert "Po 3 kolech vyhrává nejvyšší součet." in page(chosen_project, "cs/alpha.md")
    if shutil.which("msgfmt"):
        check = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po_path)], capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
        for refused in ("{scoring.rounds:plural one=x}", "{scoring.rounds, plural, one {x} other {y}}"):
            entry.msgstr = f"po {{scoring.rounds}} {refused}."
            po.save(str(po_path))
            check = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po_path)], capture_output=True)
            assert check.returncode != 0, refused


def test_the_po_entry_tells_the_translator_how_to_choose(chosen_project, tmp_path, capsys) -> None:
    for language, forms in (("cs", "one=…|few=…|other=…"), ("fr", "one=…|many=…|other=…")):
        root = str(chosen_project)
        run_cli(capsys, "--root", root, "i18n", "export", language, "--game", "alpha", "-o", str(tmp_path))
        po = polib.pofile(str(tmp_path / f"alpha.{language}.po"))
        notes = next(e for e in po if e.msgctxt == "rule.winner").comment.splitlines()
        assert f"noun forms by number: {{{{scoring.rounds|{forms}}}}}" in notes
    template = polib.pofile(str(tmp_path / "alpha.pot"))
    assert "noun forms" not in next(e for e in template if e.msgctxt == "rule.winner").comment


def test_every_form_is_checked_not_only_the_one_shown_now(chosen_project, capsys) -> None:
    """With 4 players the site shows `few`; a hostile `one` would show the day the fact is 1."""
    hostile = CHOICE.replace("one=hráč", "one=[hráč](javascript:alert(1))")
    edit(chosen_project, CS, CHOICE, hostile)
    code, out, _ = run_cli(capsys, "--root", str(chosen_project), "check")
    assert code == 1
    assert "units.rule.players.text: the link target javascript:alert(1) is not allowed" in out


def test_each_fault_of_a_plural_choice_has_its_code_and_params() -> None:
    from rulebook.problem_codes import say
    from rulebook.validate.plural_choices import choice_messages

    facts = {"setup": {"draws": 3, "share": 0.5, "name": "x"}}
    found = {
        text: next(message for _, message in choice_messages(text, facts, "cs"))
        for text in (
            "{{setup.draws|one=a}",  # no closing braces: not a choice at all, so nothing is said
            "{{setup.draws|one=a|other=b}}",
            "{{setup.none|one=a|other=b}}",
            "{{setup.name|one=a|other=b}}",
        )
        if list(choice_messages(text, facts, "cs"))
    }
    codes = {text: message.code for text, message in found.items()}
    assert codes == {
        "{{setup.draws|one=a|other=b}}": "plural.wrong-forms",
        "{{setup.none|one=a|other=b}}": "plural.unknown-fact",
        "{{setup.name|one=a|other=b}}": "plural.not-a-number",
    }
    # Czech whole numbers take one, few and other (CLDR); the words name the fact as written.
    wrong = found["{{setup.draws|one=a|other=b}}"]
    assert dict(wrong.params) == {"language": "cs", "whole": True, "categories": ["one", "few", "other"]}
    # The kind of number is words of the catalog, said in the message's language.
    czech = {"whole numbers": "celá čísla"}
    assert "celá čísla" in say(wrong.code, wrong.params, wrong.quoted, gettext=lambda words: czech.get(words, words))
