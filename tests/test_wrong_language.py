"""A translation in the wrong language is a warning (issue 47, part 4): a Czech msgstr in the French
PO file, or English left untranslated, is imported as the translator wrote it, and `rulebook i18n
import`, `i18n sync` and `rulebook check` say where it is; the project's own texts and any short
text (a name, a number, a placeholder, a word or two) give none."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import polib
import yaml

from conftest import ROOT, edit, locate, run_cli
from rulebook.i18n.language_guess import word_count, wrong_language
from rulebook.load.project import load_project

UNIT = "rule.single-words"
FRENCH = (
    "text: >-\n      On peut former des rébus d’un seul mot. Dans une phrase en rébus, des mots peuvent être épelés\n"
    "      à l’aide des lettres.\n"
)
# Its Czech translation, from rules/rebus/cs.yaml: what a translator pastes into the wrong file.
CZECH = "Rébus může tvořit i jediné slovo. V rámci rébusové věty lze slova také poskládat z písmen."
# Its English, from rules/rebus/en.yaml: a copy left untranslated.
ENGLISH = "Single word Rebuses may be formed. Words may be spelled out using the letters, within a Rebus sentence."
SAYS = "a text in another language, or the English left untranslated?"


def test_the_texts_quoted_here_are_the_projects() -> None:
    """The swapped texts are the project's own translations of the unit, not texts made up to be caught."""
    for language, text in (("cs", CZECH), ("en", ENGLISH)):
        units = yaml.safe_load((ROOT / f"rules/rebus/{language}.yaml").read_text(encoding="utf-8"))["units"]
        assert units[UNIT]["text"] == text
    assert FRENCH in (ROOT / "rules/rebus/fr.yaml").read_text(encoding="utf-8")


def with_msgstr(po: Path, unit_id: str, text: str) -> int:
    """Set one entry's msgstr as a translator's editor does; return the line of its msgid."""
    catalog = polib.pofile(str(po))
    next(entry for entry in catalog if entry.msgctxt == unit_id).msgstr = text
    catalog.save(str(po))
    return po.read_text(encoding="utf-8").splitlines().index(f'msgctxt "{unit_id}"') + 2


def wrong_languages(capsys, root: Path) -> tuple[int, list[dict]]:
    """`rulebook check --json`'s exit code and its wrong-language problems."""
    code, out, _ = run_cli(capsys, "--root", str(root), "check", "--json")
    problems = json.loads(out)["problems"]
    return code, [problem for problem in problems if problem["code"] == "i18n.wrong-language"]


def exported(capsys, root: Path) -> Path:
    """REBUS's French PO file, as `rulebook i18n export` writes it for a translator."""
    folder = root / "out"
    code, _, err = run_cli(capsys, "--root", str(root), "i18n", "export", "fr", "--game", "rebus", "-o", str(folder))
    assert code == 0, err
    return folder / "rebus.fr.po"


def test_import_takes_a_czech_msgstr_in_the_french_file_and_warns_at_its_line(project_copy: Path, capsys) -> None:
    po = exported(capsys, project_copy)
    line = with_msgstr(po, UNIT, CZECH)
    code, out, err = run_cli(capsys, "--root", str(project_copy), "i18n", "import", str(po))
    assert code == 0, err  # a warning, not a refusal
    assert f"  updated: {UNIT}" in out.splitlines()
    assert err.splitlines() == [f"{po}:{line}: warning: '{UNIT}': reads as cs, not fr: {SAYS}"]
    # Imported as written; from now on `check` warns of it in the YAML, and still passes.
    assert (
        yaml.safe_load((project_copy / "rules/rebus/fr.yaml").read_text(encoding="utf-8"))["units"][UNIT]["text"]
        == CZECH
    )
    code, found = wrong_languages(capsys, project_copy)
    assert code == 0
    assert [(p["file"], p["severity"], p["params"]) for p in found] == [
        ("rules/rebus/fr.yaml", "warning", {"language": "fr", "guessed": "cs"})
    ]


def test_import_of_a_french_msgstr_warns_of_nothing(project_copy: Path, capsys) -> None:
    po = exported(capsys, project_copy)
    with_msgstr(po, UNIT, "On peut former des rébus d’un seul mot, et épeler des mots à l’aide des lettres.")
    code, out, err = run_cli(capsys, "--root", str(project_copy), "i18n", "import", str(po))
    assert code == 0, err
    assert f"  updated: {UNIT}" in out.splitlines()
    assert err == ""


def test_sync_takes_a_czech_msgstr_from_weblate_and_warns_at_its_line(project_copy: Path, capsys) -> None:
    shutil.copytree(ROOT / "po", project_copy / "po")
    line = with_msgstr(project_copy / "po/rebus.fr.po", UNIT, CZECH)
    code, out, err = run_cli(capsys, "--root", str(project_copy), "i18n", "sync")
    assert code == 0, err
    assert f"  updated: {UNIT}" in out.splitlines()
    assert err.splitlines() == [f"po/rebus.fr.po:{line}: warning: '{UNIT}': reads as cs, not fr: {SAYS}"]


def test_check_warns_of_a_czech_text_in_the_french_words_file(project_copy: Path, capsys) -> None:
    edited = edit(project_copy, "rules/rebus/fr.yaml", FRENCH, f"text: {CZECH}\n")
    line, col = locate(edited, CZECH)
    code, out, err = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 0, out  # a warning never fails the check
    wanted = f"rules/rebus/fr.yaml:{line}:{col}: warning: units.{UNIT}.text: reads as cs, not fr: {SAYS}"
    assert out.splitlines() == [wanted]
    assert err.startswith("0 error(s), 1 warning(s)")


def test_check_warns_of_english_left_untranslated(project_copy: Path, capsys) -> None:
    # Oh My Word's "Your turn is over." (rules/oh-my-word/en.yaml), copied over its French.
    edited = edit(project_copy, "rules/oh-my-word/fr.yaml", "text: Votre tour est terminé.", "text: Your turn is over.")
    line, col = locate(edited, "Your turn is over.")
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 0, out
    wanted = f"rules/oh-my-word/fr.yaml:{line}:{col}: warning: units.rule.turn-over.text: reads as en, not fr: {SAYS}"
    assert out.splitlines() == [wanted]


def test_check_says_the_warning_in_the_checkers_language(project_copy: Path, capsys) -> None:
    edit(project_copy, "rules/rebus/fr.yaml", FRENCH, f"text: {CZECH}\n")
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check", "--lang", "cs")
    assert code == 0
    assert f"units.{UNIT}.text: vypadá jako jazyk cs, ne fr: text v jiném jazyce, nebo nepřeložená angličtina?" in out


def test_the_projects_own_translations_give_no_warning(project_copy: Path, capsys) -> None:
    code, found = wrong_languages(capsys, project_copy)
    assert code == 0
    assert found == []


def every_text() -> list[tuple[str, str]]:
    """(language, text) of every unit of the project, English included."""
    project = load_project(ROOT).project
    assert project is not None
    return [
        (language, unit.text)
        for text_set in project.text_sets()
        for language, words in text_set.words.items()
        for unit in words.units.values()
    ]


LANGUAGES = ["en", "fr", "cs"]
SHORT = [
    "{gold}",
    "{scoring.tile_points}",
    "42",
    "−2 × 3 = −6",
    "REBUS",
    "Rebis",
    "Ann",
    "Zvonek",  # Czech, one word
    "Moins",  # French, one word
    "home",
    "the cat",
    "le chat",
    "kočka sedí",
    "{{setup.draw_per_bag|one=kamínek|few=kamínky|other=kamínků}}",
    "„home“ « door »",  # quoted words are not the text's own
    "[the rules](#rules)",
]


def test_short_texts_never_warn() -> None:
    """A word or two, a name, a number or a placeholder is no evidence of a language: none of these
    warns as any language, nor does any project text cut to its first two words."""
    texts = SHORT + sorted({" ".join(text.split()[:2]) for _, text in every_text()})
    warned = [
        (text, language)
        for text in texts
        for language in LANGUAGES
        if wrong_language(text, language, LANGUAGES) is not None
    ]
    assert warned == []


def test_every_rebus_rule_pasted_into_another_language_warns() -> None:
    """The finding itself: each REBUS rule of six words or more (outside quotes) given as French in
    Czech (and the other way round), and its English left in either, is caught."""
    units = {
        language: yaml.safe_load((ROOT / f"rules/rebus/{language}.yaml").read_text(encoding="utf-8"))["units"]
        for language in LANGUAGES
    }
    pasted = [
        (unit_id, truly, shown)
        for unit_id in units["en"]
        if unit_id.startswith("rule.")
        for truly, shown in (("cs", "fr"), ("fr", "cs"), ("en", "fr"), ("en", "cs"))
        if word_count(units[truly][unit_id]["text"]) >= 6
    ]
    assert len(pasted) > 60  # each rule four ways, but for the shortest texts
    missed = [
        (unit_id, truly, shown)
        for unit_id, truly, shown in pasted
        if wrong_language(units[truly][unit_id]["text"], shown, LANGUAGES) is None
    ]
    assert missed == []
