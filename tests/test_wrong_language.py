"""A translation in the wrong language is a warning (issue 47, part 4): a Czech msgstr in the French
PO file, or English left untranslated, is imported as the translator wrote it, and `rulebook i18n
import`, `i18n sync` and `rulebook check` say where it is; the fixture's own texts and any short
text (a name, a number, a placeholder, a word or two) give none. The project is the translated small
project (fixture_games.py): alpha's rule.winner in Czech pasted into its French, beta's English
rule.players left in its French. Two content tests (marked `content`) read every game and language of
rules/project.yaml, naming none: no text of the project warns, and every rule of six words or more
pasted into another translation warns."""

from __future__ import annotations

import json
from pathlib import Path

import polib
import pytest
import yaml

from conftest import ROOT, edit, locate, run_cli
from fixture_games import NNBSP, TRANSLATIONS, WINNER
from rulebook.i18n.language_guess import word_count, wrong_language
from rulebook.load.project import load_project

UNIT = "rule.winner"
# alpha's French rule.winner as rules/alpha/fr.yaml holds it, folded by `i18n import` at 100 columns.
FRENCH_TEXT = (
    f"Après {{scoring.rounds}} manches, chaque joueur additionne ses points{NNBSP}; le plus haut total l’emporte."
)
FRENCH = "text: >-\n      " + FRENCH_TEXT.replace(" total l’emporte.", " total\n      l’emporte.\n")
# Its Czech translation, from rules/alpha/cs.yaml: what a translator pastes into the wrong file.
CZECH = "Po {scoring.rounds} kolech každý hráč sečte své body; vyhrává nejvyšší součet."
# Its English, from rules/alpha/en.yaml: a copy left untranslated.
ENGLISH = WINNER
SAYS = "a text in another language, or the English left untranslated?"


def test_the_texts_quoted_here_are_the_fixtures(translated_project: Path) -> None:
    """The swapped texts are the fixture's own translations of the unit, not texts made up to be caught."""
    assert (TRANSLATIONS["cs"]["alpha"][UNIT], TRANSLATIONS["fr"]["alpha"][UNIT]) == (CZECH, FRENCH_TEXT)
    for language, text in (("cs", CZECH), ("en", ENGLISH), ("fr", FRENCH_TEXT)):
        units = yaml.safe_load((translated_project / f"rules/alpha/{language}.yaml").read_text(encoding="utf-8"))
        assert units["units"][UNIT]["text"] == text
    assert FRENCH in (translated_project / "rules/alpha/fr.yaml").read_text(encoding="utf-8")


FRENCH_TEXT = (
    f"Après {{scoring.rounds}} manches, chaque joueur additionne ses points{NNBSP}; le plus haut total l’emporte."
)


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
    """alpha's French PO file, as `rulebook i18n export` writes it for a translator."""
    folder = root / "out"
    code, _, err = run_cli(capsys, "--root", str(root), "i18n", "export", "fr", "--game", "alpha", "-o", str(folder))
    assert code == 0, err
    return folder / "alpha.fr.po"


def test_import_takes_a_czech_msgstr_in_the_french_file_and_warns_at_its_line(translated_project: Path, capsys):
    po = exported(capsys, translated_project)
    line = with_msgstr(po, UNIT, CZECH)
    code, out, err = run_cli(capsys, "--root", str(translated_project), "i18n", "import", str(po))
    assert code == 0, err  # a warning, not a refusal
    assert f"  updated: {UNIT}" in out.splitlines()
    assert err.splitlines() == [f"{po}:{line}: warning: '{UNIT}': reads as cs, not fr: {SAYS}"]
    # Imported as written; from now on `check` warns of it in the YAML, and still passes.
    words = yaml.safe_load((translated_project / "rules/alpha/fr.yaml").read_text(encoding="utf-8"))
    assert words["units"][UNIT]["text"] == CZECH
    code, found = wrong_languages(capsys, translated_project)
    assert code == 0
    assert [(p["file"], p["severity"], p["params"]) for p in found] == [
        ("rules/alpha/fr.yaml", "warning", {"language": "fr", "guessed": "cs"})
    ]


def test_import_of_a_french_msgstr_warns_of_nothing(translated_project: Path, capsys) -> None:
    po = exported(capsys, translated_project)
    with_msgstr(po, UNIT, "Après {scoring.rounds} manches, le joueur qui a le plus de points gagne la partie.")
    code, out, err = run_cli(capsys, "--root", str(translated_project), "i18n", "import", str(po))
    assert code == 0, err
    assert f"  updated: {UNIT}" in out.splitlines()
    assert err == ""


def test_sync_takes_a_czech_msgstr_from_weblate_and_warns_at_its_line(translated_project: Path, capsys) -> None:
    code, _, err = run_cli(capsys, "--root", str(translated_project), "i18n", "sync")  # po/, as the repository has it
    assert code == 0, err
    line = with_msgstr(translated_project / "po/alpha.fr.po", UNIT, CZECH)  # Weblate's commit
    code, out, err = run_cli(capsys, "--root", str(translated_project), "i18n", "sync")
    assert code == 0, err
    assert f"  updated: {UNIT}" in out.splitlines()
    assert err.splitlines() == [f"po/alpha.fr.po:{line}: warning: '{UNIT}': reads as cs, not fr: {SAYS}"]


def test_check_warns_of_a_czech_text_in_the_french_words_file(translated_project: Path, capsys) -> None:
    edited = edit(translated_project, "rules/alpha/fr.yaml", FRENCH, f"text: {CZECH}\n")
    # By hand: rule.winner's key is on line 25 of alpha's French, its text on 26, after `    text: `.
    assert locate(edited, CZECH) == (26, 11)
    code, out, err = run_cli(capsys, "--root", str(translated_project), "check")
    assert code == 0, out  # a warning never fails the check
    wanted = f"rules/alpha/fr.yaml:26:11: warning: units.{UNIT}.text: reads as cs, not fr: {SAYS}"
    assert out.splitlines() == [wanted]
    assert err.startswith("0 error(s), 1 warning(s)")


def test_check_warns_of_english_left_untranslated(translated_project: Path, capsys) -> None:
    # beta's English rule.players (rules/beta/en.yaml), copied over its French.
    english = "The game is for {players.min} to {players.max} players."
    french = "Le jeu se joue de {players.min} à {players.max} joueurs."
    edited = edit(translated_project, "rules/beta/fr.yaml", f"text: {french}", f"text: {english}")
    # By hand: rule.players's key is on line 20 of beta's French, its text on 21.
    assert locate(edited, english) == (21, 11)
    code, out, _ = run_cli(capsys, "--root", str(translated_project), "check")
    assert code == 0, out
    wanted = f"rules/beta/fr.yaml:21:11: warning: units.rule.players.text: reads as en, not fr: {SAYS}"
    assert out.splitlines() == [wanted]


def test_check_says_the_warning_in_the_checkers_language(translated_project: Path, capsys) -> None:
    edit(translated_project, "rules/alpha/fr.yaml", FRENCH, f"text: {CZECH}\n")
    code, out, _ = run_cli(capsys, "--root", str(translated_project), "check", "--lang", "cs")
    assert code == 0
    assert f"units.{UNIT}.text: vypadá jako jazyk cs, ne fr: text v jiném jazyce, nebo nepřeložená angličtina?" in out


def test_the_fixtures_own_translations_give_no_warning(translated_project: Path, capsys) -> None:
    code, found = wrong_languages(capsys, translated_project)
    assert code == 0
    assert found == []


@pytest.mark.content
def test_the_projects_own_translations_give_no_warning(capsys, monkeypatch) -> None:
    monkeypatch.setenv("RULEBOOK_CACHE", "0")  # the project's content as it is, and nothing written
    code, found = wrong_languages(capsys, ROOT)
    assert code == 0
    assert found == []


def every_text(root: Path) -> list[tuple[str, str]]:
    """(language, text) of every unit of the project at root, English included."""
    project = load_project(root).project
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
    "{scoring.rounds}",
    "42",
    "−2 × 3 = −6",
    "ALPHA",
    "Beta",
    "Ann",
    "Zvonek",  # Czech, one word
    "Moins",  # French, one word
    "home",
    "the cat",
    "le chat",
    "kočka sedí",
    "{{players.min|one=hráč|few=hráči|other=hráčů}}",
    "„home“ « door »",  # quoted words are not the text's own
    "[the rules](#rules)",
]


def cut_short(texts: list[tuple[str, str]]) -> list[str]:
    return sorted({" ".join(text.split()[:2]) for _, text in texts})


def warned(texts: list[str], languages: list[str]) -> list[tuple[str, str]]:
    return [
        (text, language)
        for text in texts
        for language in languages
        if wrong_language(text, language, languages) is not None
    ]


def test_short_texts_never_warn(translated_project: Path) -> None:
    """A word or two, a name, a number or a placeholder is no evidence of a language: none of these
    warns as any language, nor does any fixture text cut to its first two words."""
    cut = cut_short(every_text(translated_project))
    assert "Po {scoring.rounds}" in cut and "Après {scoring.rounds}" in cut  # alpha's rule.winner, cut
    assert warned(SHORT + cut, LANGUAGES) == []


@pytest.mark.content
def test_no_project_text_cut_to_its_first_two_words_warns() -> None:
    languages = load_project(ROOT).project.languages
    assert warned(cut_short(every_text(ROOT)), languages) == []


def pasted_rules(root: Path) -> tuple[list[tuple[str, str, str, str]], list[str]]:
    """Every rule of every game at root of six words or more (outside quotes) in one language, given
    as another translation: (game, unit, the text's language, the file's); and the project's languages."""
    project = load_project(root).project
    languages, translations = project.languages, project.languages[1:]
    pasted = []
    for game in project.games:
        units = {language: game.words[language].units for language in languages if language in game.words}
        for unit_id in units[languages[0]]:
            if not unit_id.startswith("rule."):
                continue
            for truly, shown in ((truly, shown) for truly in units for shown in translations if truly != shown):
                if unit_id in units[truly] and word_count(units[truly][unit_id].text) >= 6:
                    pasted.append((game.id, unit_id, truly, shown))
    return pasted, languages


def missed(root: Path, pasted: list[tuple[str, str, str, str]], languages: list[str]) -> list[tuple[str, ...]]:
    project = load_project(root).project
    games = {game.id: game for game in project.games}
    return [
        (game, unit_id, truly, shown)
        for game, unit_id, truly, shown in pasted
        if wrong_language(games[game].words[truly].units[unit_id].text, shown, languages) is None
    ]


def test_every_fixture_rule_pasted_into_another_language_warns(translated_project: Path) -> None:
    """The finding itself: each rule of six words or more given as French in Czech (and the other way
    round), and its English left in either, is caught."""
    pasted, languages = pasted_rules(translated_project)
    # By hand: alpha's rule.winner in all three, and rule.players in English (6 words) and French (7) but
    # not Czech (4); beta's rule.players the same. Each text given as the two other translations' but its own.
    four_ways = [("en", "fr"), ("en", "cs"), ("fr", "cs"), ("cs", "fr")]
    assert sorted(pasted) == sorted(
        [("alpha", "rule.winner", truly, shown) for truly, shown in four_ways]
        + [(game, "rule.players", truly, shown) for game in ("alpha", "beta") for truly, shown in four_ways[:3]]
    )
    assert missed(translated_project, pasted, languages) == []


@pytest.mark.content
def test_every_project_rule_pasted_into_another_language_warns() -> None:
    """The same of every game and language of rules/project.yaml: each rule of six words or more pasted
    into each other translation is caught."""
    pasted, languages = pasted_rules(ROOT)
    # Every game has such a rule: `rulebook new game` writes a rule.players of six English words.
    assert {game for game, *_ in pasted} == {game.id for game in load_project(ROOT).project.games}
    assert missed(ROOT, pasted, languages) == []
