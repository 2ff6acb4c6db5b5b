"""Grammatical number follows the fact: a translation chooses a word's form by the CLDR plural
category of a number fact (`{{group.name|one=…|few=…|other=…}}`), `rulebook check` refuses a choice
that cannot always choose, and the PO files stay valid python-brace-format (issue 24, part 3)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import polib
import pytest

from conftest import edit, locate, run_cli
from rulebook.load.project import load_project
from rulebook.render.pages import render_pages


def page(root: Path, path: str) -> str:
    [rendered] = list(render_pages(load_project(root).project, lambda candidate: candidate == path))
    return rendered.text


# Czech: 1 kamínek, 2–4 kamínky, 5 and more kamínků; French: 0 and 1 take the singular.
@pytest.mark.parametrize(
    ("count", "czech", "french"),
    [
        (1, "vytáhne 1 kamínek.", "pioche ensuite 1 tuile dans"),
        (3, "vytáhne 3 kamínky.", "pioche ensuite 3 tuiles dans"),
        (5, "vytáhne 5 kamínků.", "pioche ensuite 5 tuiles dans"),
    ],
)
def test_the_noun_follows_the_number(project_copy, count, czech, french) -> None:
    edit(project_copy, "rules/rebus/game.yaml", "draw_per_bag: 3", f"draw_per_bag: {count}")
    assert czech in page(project_copy, "cs/rebus.md")
    assert french in page(project_copy, "fr/rebus.md")


def test_the_components_list_agrees_with_each_count(project_copy) -> None:
    edit(project_copy, "rules/oh-my-word/game.yaml", "bags: 1", "bags: 2")
    edit(project_copy, "rules/oh-my-word/game.yaml", "boards: 4", "boards: 5")
    czech = page(project_copy, "cs/oh-my-word.md")
    assert "- 2 pytlíky" in czech
    assert "- 5 oboustranných herních plánů" in czech
    assert "rozložte 5 herních plánů." in czech
    assert "- 1 časovač" in czech  # unchanged: one timer
    assert "- 2 sacs" in page(project_copy, "fr/oh-my-word.md")


DRAWING = "vytáhne {setup.draw_per_bag} {{setup.draw_per_bag|one=kamínek|few=kamínky|other=kamínků}}."
REFUSED = [
    (
        "vytáhne {setup.draw_per_bag} {{setup.draw_per_bag|one=kamínek|few=kamínky|other=kamínků|many=kamínku}}.",
        "plural choice on {setup.draw_per_bag} gives one, few, other, many; Czech whole numbers take one, few, other",
    ),
    (
        "vytáhne {setup.draw_per_bag} {{setup.draw_per_bag|one=kamínek|other=kamínků}}.",
        "plural choice on {setup.draw_per_bag} gives one, other; Czech whole numbers take one, few, other",
    ),
    (
        "vytáhne {setup.draw_per_bag} {{setup.draws|one=kamínek|few=kamínky|other=kamínků}}.",
        "plural choice on {setup.draws}, which names no fact",
    ),
    (
        "vytáhne {setup.draw_per_bag} {{components.bags.x|one=kamínek|few=kamínky|other=kamínků}}.",
        "plural choice on {components.bags.x}, which names no fact",
    ),
    (
        "vytáhne {setup.draw_per_bag} {{setup.draw_per_bag one=kamínek few=kamínky other=kamínků}}.",
        "a plural choice must read {{group.name|one=…|other=…}}, one form per category: "
        "'{{setup.draw_per_bag one=kamínek few=kamínky other=kamínků}}'",
    ),
    (
        "vytáhne {setup.draw_per_bag} {{setup.draw_per_bag|one=kamínek|one=kamínky|other=kamínků}}.",
        "a plural choice must read {{group.name|one=…|other=…}}, one form per category: "
        "'{{setup.draw_per_bag|one=kamínek|one=kamínky|other=kamínků}}'",
    ),
    (
        "vytáhne {setup.draw_per_bag} {{setup.draw_per_bag|one=kamínek|few=|other=kamínků}}.",
        "a plural choice must read {{group.name|one=…|other=…}}, one form per category: "
        "'{{setup.draw_per_bag|one=kamínek|few=|other=kamínků}}'",
    ),
]


@pytest.mark.parametrize(("text", "message"), REFUSED, ids=[message[:40] for _, message in REFUSED])
def test_a_choice_that_cannot_always_choose_is_refused_where_it_is(project_copy, capsys, text, message) -> None:
    written = edit(project_copy, "rules/rebus/cs.yaml", DRAWING, text)
    line, col = locate(written, text)
    col += text.index("{{")
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 1
    assert f"rules/rebus/cs.yaml:{line}:{col}: units.rule.drawing.text: {message}" in out.splitlines(), out


def test_a_choice_on_a_text_or_a_list_is_refused(project_copy, capsys) -> None:
    """Oh My Word's battery model is a text and its short game's boards a list: neither has a number."""
    path = "rules/oh-my-word/cs.yaml"
    text = edit(
        project_copy,
        path,
        "potřebujete {timer.batteries} {{timer.batteries|",
        "potřebujete {timer.batteries} {{timer.battery_model|",
    )
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    line, col = locate(text, "{{timer.battery_model")
    assert code == 1
    assert (
        f"{path}:{line}:{col}: units.rule.batteries.text: "
        "plural choice on {timer.battery_model}, which is not a number" in out
    )
    edit(project_copy, path, "{{timer.battery_model|", "{{setup.short_game_boards|")
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert "plural choice on {setup.short_game_boards}, which is not a number" in out


def test_a_decimal_fact_takes_czech_many(project_copy, capsys) -> None:
    """Czech `many` is the form for decimals (1,5 kamínku): required when the fact is one."""
    edit(project_copy, "rules/rebus/game.yaml", "draw_per_bag: 3", "draw_per_bag: 1.5")
    edit(
        project_copy,
        "schemas/game.schema.json",
        '"draw_per_bag": {\n              "type": "integer"',
        '"draw_per_bag": {\n              "type": "number"',
    )
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 1
    assert "Czech decimal numbers take one, few, many, other" in out
    edit(project_copy, "rules/rebus/cs.yaml", "|other=kamínků}}", "|many=kamínku|other=kamínků}}")
    assert "vytáhne 1,5 kamínku." in page(project_copy, "cs/rebus.md")


def test_a_po_file_with_choices_imports_and_passes_msgfmt(project_copy, tmp_path, capsys) -> None:
    """The doubled braces are literal braces to python-brace-format: msgfmt --check accepts the
    entry, where `{name:…}` and ICU's `{name, plural, …}` are refused."""
    code, _, err = run_cli(
        capsys, "--root", str(project_copy), "i18n", "export", "cs", "--game", "rebus", "-o", str(tmp_path)
    )
    assert code == 0, err
    po_path = tmp_path / "rebus.cs.po"
    po = polib.pofile(str(po_path))
    entry = next(e for e in po if e.msgctxt == "rule.bags")
    assert "python-brace-format" in entry.flags
    entry.msgstr = (
        "Kamínky roztřiďte podle barvy do {components.bags} {{components.bags|one=pytlíku|few=pytlíků|other=pytlíků}}."
    )
    po.save(str(po_path))
    code, _, err = run_cli(capsys, "--root", str(project_copy), "i18n", "import", str(po_path))
    assert code == 0, err
    assert "Kamínky roztřiďte" in (project_copy / "rules/rebus/cs.yaml").read_text(encoding="utf-8")
    assert "Kamínky roztřiďte podle barvy do 3 pytlíků." in page(project_copy, "cs/rebus.md")
    if shutil.which("msgfmt"):
        check = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po_path)], capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
        for refused in ("{components.bags:plural one=x}", "{components.bags, plural, one {x} other {y}}"):
            entry.msgstr = f"do {{components.bags}} {refused}."
            po.save(str(po_path))
            check = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po_path)], capture_output=True)
            assert check.returncode != 0, refused


def test_the_po_entry_tells_the_translator_how_to_choose(project_copy, tmp_path, capsys) -> None:
    for language, forms in (("cs", "one=…|few=…|other=…"), ("fr", "one=…|many=…|other=…")):
        run_cli(capsys, "--root", str(project_copy), "i18n", "export", language, "--game", "rebus", "-o", str(tmp_path))
        po = polib.pofile(str(tmp_path / f"rebus.{language}.po"))
        notes = next(e for e in po if e.msgctxt == "rule.drawing").comment.splitlines()
        assert f"noun forms by number: {{{{setup.draw_per_bag|{forms}}}}}" in notes
    template = polib.pofile(str(tmp_path / "rebus.pot"))
    assert "noun forms" not in next(e for e in template if e.msgctxt == "rule.drawing").comment


def test_every_form_is_checked_not_only_the_one_shown_now(project_copy, capsys) -> None:
    """With 3 tiles the site shows `few`; a hostile `one` would show the day the fact is 1."""
    hostile = DRAWING.replace("one=kamínek", "one=[kamínek](javascript:alert(1))")
    edit(project_copy, "rules/rebus/cs.yaml", DRAWING, hostile)
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 1
    assert "units.rule.drawing.text: the link target javascript:alert(1) is not allowed" in out


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
