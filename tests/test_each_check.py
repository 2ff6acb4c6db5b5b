"""Every check of `rulebook check` on its own: a copy of the translated fixture (fixture_games.py) with
one planted fault that this check reports and no other, at its exact `file:line:col` (issue 17).

A check that is switched off, or that reports the wrong place or words, fails its case; the rest of
the output must be exactly what is listed, so a fault that trips a second check shows up too. The
printed line is what users read; `check --json` must say the same problems, each with its registered
code (issue 25) and, where a case works them out, its params.

The project (_make_project), which reports no problem clean: alpha and beta translated into French and
Czech; alpha given two more worked examples (add_examples: four-rounds, refused, and a-tie), completed and
corrected (record_corrections: a section turn, the referee note shared-win and its example tie), a second
referee note counted-total that presumes shared-win, and a French publisher's original of rule.winner
with its coverage map; the project's own glossary given to alpha (with_glossary, its translations
brought up to date with alpha's name; a hand of 7 tiles, an illustration of winner and a price of a
glossary example: its tiles × 3), the project's typography and limiting words, and beta's publisher's
text with its coverage map (add_source_map). The fault sites are chosen so that one check alone sees
them: alpha's draft French summary for translation QA, the Czech glossary's readings for links (they
have no English to be compared with, and Czech typography has no rule about colons), a string fact for
what raw HTML alone can carry (facts are not checked for raw HTML: a placeholder quotes them).
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, edit, made_once, run_cli, tree_digest
from fixture_games import (
    NBSP,
    NNBSP,
    SHARED_WIN_ANSWER,
    add_examples,
    add_source_map,
    make_translated_project,
    record_corrections,
    translate_units,
    with_glossary,
    with_typography,
)
from rulebook.model import source_hash
from rulebook.problem_codes import registry, say
from rulebook.problems import Problem
from rulebook.validate.check import check_project

# Units that the faults are planted in. alpha's French summary is a draft; its English is ENGLISH_SUMMARY.
ENGLISH_SUMMARY = "A game for {players.min} to {players.max} players, whose rules are being written."
SUMMARY = "Un jeu pour {players.min} à {players.max} joueurs, dont les règles sont en cours d’écriture."
SUMMARY_HASH = source_hash(ENGLISH_SUMMARY)
FOLDED_SUMMARY = f"text: >-\n      {SUMMARY}"  # as the words file writes it
SUMMARY_AT = "  summary:\n    text: ▸>-"  # where a problem of its text is located
SUMMARY_FACTS = "    facts: {players.min: 2, players.max: 4}\n"
# alpha's Czech summary: Czech typography has no rule about colons.
CS_SUMMARY = "Hra pro {players.min} až {players.max} hráče, jejíž pravidla se teprve píší."
CS_EYE = "Anglické „eye“ (oko) se vyslovuje"
CS_EYE_AT = "symbol.eye.readings:\n    text: ▸>-"  # where a problem of that unit's text is located
# beta's English rule.players, which its publisher's text carries (add_source_map).
BETA_PLAYERS = "  rule.players:\n    text: The game is for {players.min} to {players.max} players.\n"


# The summaries of alpha's editions 1.0.1 and 1.0.2 that record_corrections leaves untranslated.
EDITION_1_0_1_CS = "Tah a rozhodčí poznámka o remízách."
EDITION_1_0_2 = {
    "fr": f"Corrections{NBSP}: la note d’arbitrage sur les égalités.",
    "cs": "Opravy: rozhodčí poznámka o remízách.",
}


# The French glossary's eye: its description unit, then the explanation of its readings.
_EYE_DESCRIPTION = (
    '  symbol.eye.description:\n    text: Un œil ouvert.\n    source: "c513ae77eac8"\n    status: draft\n'
)
_FRENCH_GLOSSARY = (ROOT / "glossary/fr.yaml").read_text(encoding="utf-8")
_EYE_WORDS = _FRENCH_GLOSSARY[
    _FRENCH_GLOSSARY.index(_EYE_DESCRIPTION) : _FRENCH_GLOSSARY.index(
        "(oui).\n", _FRENCH_GLOSSARY.index(_EYE_DESCRIPTION)
    )
    + len("(oui).\n")
]


# alpha's French rule.winner made the publisher's: a French source of one sentence, which the rule
# carries as it reads filled in (3 rounds), and its coverage map.
WINNER_FR = f"Après 3 manches, chaque joueur additionne ses points{NNBSP}; le plus haut total l’emporte."
WINNER_FR_AT = "rule.winner:\n    text: ▸>-"
# A fault planted in the words of alpha's French rule.winner, the publisher's, rewords it.
_WINNER_REWORDED = (
    "rules/alpha/fr.yaml",
    WINNER_FR_AT,
    "'rule.winner' is the publisher's text but no longer carries 'Après 3 manches, chaque joueur…",
    "source.not-carried",
)
# What the glossary promises, as the fixture gives it to alpha: its symbols (with_glossary keeps the
# promised count, the number of symbols in glossary/symbols.yaml), a hand of RACK tiles, and a price
# of a glossary example: its tiles × alpha's 3 rounds (_with_glossary_price).
SYMBOLS = len(yaml.safe_load((ROOT / "glossary/symbols.yaml").read_text(encoding="utf-8"))["symbols"])
RACK = 7
CHANGED = f"changed from {SYMBOLS} to {SYMBOLS + 1}"  # the glossary's promised symbols, in the fault that changes them
GLOSSARY_PRICE = """

def glossary_price(facts: Mapping[str, Any], tiles: int) -> int:
    \"\"\"A glossary example's score: a point per tile and round (the fixture's, for the glossary's checks).

    >>> glossary_price({"scoring": {"rounds": 3}}, 2)
    6
    \"\"\"
    return tiles * facts["scoring"]["rounds"]
"""
# An illustration of alpha's rule winner, in glossary symbols.
ILLUSTRATION = "illustrations:\n  - rule: winner\n    tiles: [eye, saw]\n    reads: I saw\n"


def _with_glossary_facts(root: Path) -> None:
    """alpha's hand made RACK tiles, its scorer made to price a glossary example, and an illustration."""
    path = root / "rules/alpha/game.yaml"
    text, count = re.subn(r"(?m)^    rack_tiles: \d+$", f"    rack_tiles: {RACK}", path.read_text(encoding="utf-8"))
    assert count == 1
    path.write_text(text.replace("scoring_rules:", ILLUSTRATION + "scoring_rules:", 1), encoding="utf-8")
    scoring = root / "rules/alpha/scoring.py"
    scoring.write_text(scoring.read_text(encoding="utf-8") + GLOSSARY_PRICE, encoding="utf-8")


def _refresh_glossary_translations(root: Path) -> None:
    """The glossary's translations of its title and introduction made for its English as with_glossary
    left it (alpha's name in place of the real game's): their source hashes follow the new English."""
    english = yaml.safe_load((root / "glossary/en.yaml").read_text(encoding="utf-8"))["units"]
    for language in ("fr", "cs"):
        path = root / "glossary" / f"{language}.yaml"
        units = yaml.safe_load(path.read_text(encoding="utf-8"))["units"]
        for unit in ("page.title", "page.intro"):
            old, new = units[unit]["source"], source_hash(english[unit]["text"])
            edit(root, f"glossary/{language}.yaml", f'source: "{old}"', f'source: "{new}"')


def _with_limiting_words(root: Path) -> None:
    """The project's own limiting words per language (rules/project.yaml), as with_typography gives its typography."""
    real = (ROOT / "rules" / "project.yaml").read_text(encoding="utf-8")
    found = re.search(r"^limiting_words:\n(?:  .*\n)+", real, flags=re.MULTILINE)
    assert found is not None, "the project has no limiting words"
    project = root / "rules" / "project.yaml"
    project.write_text(project.read_text(encoding="utf-8") + found.group(0), encoding="utf-8")


# The captions of alpha's examples four-rounds and a-tie (add_examples) in French and Czech.
MORE_CAPTIONS = {
    "fr": {
        "example.four-rounds": "Ann note des points pour quatre manches, une de plus que le jeu n’en compte.",
        "example.a-tie": f"Ann marque 1, 2 et 3, soit 6 points{NNBSP}; Bob 6 en une manche. Tous deux ont le plus "
        "haut total et l’emportent.",
    },
    "cs": {
        "example.four-rounds": "Ann zapíše body za čtyři kola, o jedno víc, než hra má.",
        "example.a-tie": "Ann získá 1, 2 a 3, celkem 6 bodů; Bob 6 v jednom kole. Oba mají nejvyšší součet "
        "a vyhrávají.",
    },
}


# A second referee note on alpha's winner, which presumes shared-win; a-tie and tie name both.
COUNTED_TOTAL = {
    "en": {
        "ruling.counted-total.question": "Does a round a player did not play count?",
        "ruling.counted-total.answer": "No, it adds no points.",
        "ruling.counted-total.why": "The rules add up the points scored.",
    },
    "fr": {
        "ruling.counted-total.question": f"Une manche qu’un joueur n’a pas jouée compte-t-elle{NNBSP}?",
        "ruling.counted-total.answer": "Non, elle n’ajoute aucun point.",
        "ruling.counted-total.why": "Les règles additionnent les points marqués.",
    },
    "cs": {
        "ruling.counted-total.question": "Počítá se kolo, které hráč nehrál?",
        "ruling.counted-total.answer": "Ne, nepřidává žádné body.",
        "ruling.counted-total.why": "Pravidla sčítají získané body.",
    },
}


def _add_counted_total(root: Path) -> None:
    game = root / "rules/alpha/game.yaml"
    added = "  - id: counted-total\n    rules: [winner]\n    presumes: [shared-win]\n"
    game.write_text(game.read_text(encoding="utf-8") + added, encoding="utf-8")
    for example in ("a-tie", "tie"):
        edit(
            root,
            "rules/alpha/game.yaml",
            f"  - id: {example}\n    rules: [winner]\n" + ("    rulings: [shared-win]\n" if example == "tie" else ""),
            f"  - id: {example}\n    rules: [winner]\n    rulings: [shared-win, counted-total]\n",
        )
    english = root / "rules/alpha/en.yaml"
    units = "".join(f"  {unit}:\n    text: {text}\n" for unit, text in COUNTED_TOTAL["en"].items())
    english.write_text(english.read_text(encoding="utf-8") + units, encoding="utf-8")
    for language in ("fr", "cs"):
        translate_units(root, "alpha", language, COUNTED_TOTAL[language])


def _with_french_original(root: Path) -> None:
    (root / "rules/alpha/sources/original.fr.txt").write_text(WINNER_FR + "\n", encoding="utf-8")
    header = "# yaml-language-server: $schema=../../../schemas/coverage.schema.json\n"
    body = f"source: original.fr.txt\nlanguage: fr\nunits:\n  rule.winner:\n  - {WINNER_FR}\nnot_rules: []\n"
    (root / "rules/alpha/sources/original.fr.coverage.yaml").write_text(header + body, encoding="utf-8")
    edit(
        root,
        "rules/alpha/game.yaml",
        "    language: en\nfacts:",
        "    language: en\n  - file: sources/original.fr.txt\n    language: fr\nfacts:",
    )
    edit(
        root,
        "rules/alpha/fr.yaml",
        "    facts: {scoring.rounds: 3}\n    status: draft\n",
        "    facts: {scoring.rounds: 3}\n    status: original\n",
    )


def _make_project(root: Path) -> None:
    make_translated_project(root)
    add_examples(root)
    record_corrections(root)
    for language, captions in MORE_CAPTIONS.items():
        translate_units(root, "alpha", language, captions)
    _add_counted_total(root)
    _with_limiting_words(root)
    _with_french_original(root)
    translate_units(root, "alpha", "fr", {"edition.1-0-2": EDITION_1_0_2["fr"]})
    translate_units(root, "alpha", "cs", {"edition.1-0-1": EDITION_1_0_1_CS, "edition.1-0-2": EDITION_1_0_2["cs"]})
    with_glossary(root, "alpha")
    _refresh_glossary_translations(root)
    _with_glossary_facts(root)
    with_typography(root)
    add_source_map(root)
    shutil.rmtree(root / ".cache", ignore_errors=True)


def _copy_project(tmp_path_factory: pytest.TempPathFactory, target: Path) -> Path:
    shutil.copytree(made_once(tmp_path_factory, "each-check-project", _make_project), target)
    return target


# alpha's ruling shared-win, its examples (add_examples, record_corrections) and their outcomes, as
# `check` quotes them in JSON: highest-total 3 + 2 + 4 = 9 for Ann, 5 + 1 + 2 = 8 for Bob; a-tie 6 each.
SHARED_WIN = "  - id: shared-win\n    rules: [winner]\n"
HIGHEST_TOTAL = '{"scores": {"Ann": 9, "Bob": 8}, "winners": ["Ann"], "tiebreak": false}'
A_TIE = '{"scores": {"Ann": 6, "Bob": 6}, "winners": ["Ann", "Bob"], "tiebreak": true}'
HIGHEST_TOTAL_YAML = (
    "      players: {Ann: [3, 2, 4], Bob: [5, 1, 2]}\n"
    "    expect: {scores: {Ann: 9, Bob: 8}, winners: [Ann], tiebreak: false}\n"
)
FOUR_ROUNDS_YAML = (
    "  - id: four-rounds\n    rules: [winner]\n    input:\n      players: {Ann: [1, 1, 1, 1], Bob: [2]}\n"
    "    expect: {refused: score.too-many-rounds}\n"
)
A_TIE_INPUT = (
    "  - id: a-tie\n    rules: [winner]\n    rulings: [shared-win, counted-total]\n    input:\n"
    "      players: {Ann: [1, 2, 3], Bob: [6]}\n"
)
A_TIE_EXPECT = "    expect: {scores: {Ann: 6, Bob: 6}, winners: [Ann, Bob], tiebreak: true}\n"
TIE_RULINGS = "    rulings: [shared-win, counted-total]\n    input:\n      players: {Ann: [3"
QUICK_REFERENCE = "quick_reference:\n  end: {rules: [winner]}\n  tie: {rulings: [shared-win]}\n"
# shared-win's answer in each language, made to limit the rule with a limiting word of the language
# (rules/project.yaml: limiting_words), each translation made for the new English.
_NARROWED_EN = "Yes, whenever their totals are equal, they all win."
_NARROWED_FR = "Oui, chaque fois que leurs totaux sont égaux, ils gagnent tous."
_NARROWED_CS = "Ano, vždy když mají stejný součet, vyhrávají všichni."
_NARROWED_ANSWERS = {
    "en": (f'text: "{SHARED_WIN_ANSWER["en"]}"', f'text: "{_NARROWED_EN}"'),
    "fr": (
        f'text: "{SHARED_WIN_ANSWER["fr"]}"\n    source: "{source_hash(SHARED_WIN_ANSWER["en"])}"',
        f'text: "{_NARROWED_FR}"\n    source: "{source_hash(_NARROWED_EN)}"',
    ),
    "cs": (
        f'text: "{SHARED_WIN_ANSWER["cs"]}"\n    source: "{source_hash(SHARED_WIN_ANSWER["en"])}"',
        f'text: "{_NARROWED_CS}"\n    source: "{source_hash(_NARROWED_EN)}"',
    ),
}


@dataclass(frozen=True)
class Fault:
    check: str  # the function that must report it
    file: str
    old: str
    new: str
    marker: str  # where in the broken file the problem is located
    message: str  # the whole message (a trailing "…" means: starts with this)
    code_name: str = ""  # the problem's registered code (rulebook/problem_codes/*words.py)
    params: Mapping[str, object] | None = None  # all its params, when the case says them
    # Further problems that must be reported, as (file, marker, message, code name), when one fault
    # cannot avoid them.
    also: tuple[tuple[str, str, str, str], ...] = ()
    code: int = 1  # the exit code
    removed: tuple[str, ...] = field(default=())  # files the fault deletes
    located: str = ""  # the file the problem is reported in, when it is not `file`
    # Further edits the fault makes, as (file, old, new), when it cannot be planted in one file.
    more: tuple[tuple[str, str, str], ...] = ()


def _href_removed(file: str, marker: str, where: str, target: str) -> tuple[str, str, str, str]:
    """What the sanitizer reports besides a refused link: it would drop the link's target."""
    removed = f'{where}: the sanitizer would remove the attribute href="{target}" of <a> from the page'
    return file, marker, removed, "text.sanitized"


def _nbsp(text: str) -> str:
    return text.replace("~", "\u00a0")


FAULTS = [
    # validate/safety.py
    Fault(
        "safety.name_problems",
        "rules/alpha/game.yaml",
        'name: "Alpha"\n',
        'name: "Alpha<b>"\n',
        '"Alpha<b>',
        "name: a name is plain text; '<' and '>' are not allowed",
        code_name="text.markup-in-name",
    ),
    Fault(
        "safety.name_problems: only a '<'",
        "rules/alpha/game.yaml",
        'name: "Alpha"\n',
        'name: "Alpha<"\n',
        '"Alpha<',
        "name: a name is plain text; '<' and '>' are not allowed",
        code_name="text.markup-in-name",
        params={"characters": ["<", ">"]},
    ),
    Fault(
        "safety.name_problems: only a '>'",
        "rules/alpha/game.yaml",
        'name: "Alpha"\n',
        'name: "Alpha>"\n',
        '"Alpha>',
        "name: a name is plain text; '<' and '>' are not allowed",
        code_name="text.markup-in-name",
    ),
    Fault(
        "safety.character_problems (a value outside units)",
        "rules/alpha/game.yaml",
        "  - file: sources/original.txt\n",
        '  - file: sources/original.txt\n    title: "Alpha\\a rules"\n',
        '"Alpha\\a',
        # "Alpha" is five characters: the bell is the sixth.
        "sources.0.title: the control character U+0007 at character 6 is not allowed",
        code_name="text.control-character",
        params={"codepoint": "0007", "position": 6},
    ),
    Fault(
        "safety.character_problems (terms.yaml)",
        "glossary/terms.yaml",
        # A stem no whole term needs (sáček is its own stem): the fault breaks that stem alone.
        "forbidden: [sáček, sáčk, pytel]",
        'forbidden: [sáček, "sáč\\ak", pytel]',
        '"sáč\\a',
        "terms.5.cs.forbidden.1: the control character U+0007 at character 4 is not allowed",
        code_name="text.control-character",
        params={"codepoint": "0007", "position": 4},
    ),
    Fault(
        "safety.fact_problems: a javascript: link in a string fact",
        "rules/alpha/game.yaml",
        "    max: 4\n",
        "    max: 4\n    note: '[players](javascript:alert(document.domain))'\n",
        "'[players]",
        "facts.players.note: the link target javascript:alert(document.domain) is not allowed: links may be "
        "relative, #anchors, https:, http: or mailto:",
        code_name="text.link-scheme",
        also=(
            _href_removed(
                "rules/alpha/game.yaml", "'[players]", "facts.players.note", "javascript:alert(document.domain)"
            ),
        ),
    ),
    Fault(
        "safety.markdown_dangers: a resource from another host (in a fact's raw HTML, refused too)",
        "rules/alpha/game.yaml",
        "    max: 4\n",
        "    max: 4\n    note: '<audio src=\"https://elsewhere.example/a.mp3\"></audio>'\n",
        "'<audio",
        "facts.players.note: <audio src> loads https://elsewhere.example/a.mp3 from another host; the site "
        "must work offline",
        code_name="text.outside-resource",
        also=(
            (
                "rules/alpha/game.yaml",
                "'<audio",
                "facts.players.note: raw HTML is not allowed in text: '</audio>'",
                "text.raw-html",
            ),
            (
                "rules/alpha/game.yaml",
                "'<audio",
                "facts.players.note: raw HTML is not allowed in text: '<audio src=\"https://elsewhere.example/a.'",
                "text.raw-html",
            ),
        ),
    ),
    Fault(
        "safety.markdown_dangers: a javascript: link in a unit",
        "glossary/cs.yaml",
        CS_EYE,
        "[oko](javascript:alert(document.domain)) " + CS_EYE,
        CS_EYE_AT,
        "units.symbol.eye.readings.text: the link target javascript:alert(document.domain) is not allowed: links "
        "may be relative, #anchors, https:, http: or mailto:",
        code_name="text.link-scheme",
        also=(
            _href_removed(
                "glossary/cs.yaml", CS_EYE_AT, "units.symbol.eye.readings.text", "javascript:alert(document.domain)"
            ),
        ),
    ),
    Fault(
        "safety.markdown_dangers: a data: link in a unit",
        "glossary/cs.yaml",
        CS_EYE,
        "[oko](data:text/html,hello) " + CS_EYE,
        CS_EYE_AT,
        "units.symbol.eye.readings.text: the link target data:text/html,hello is not allowed: links "
        "may be relative, #anchors, https:, http: or mailto:",
        code_name="text.link-scheme",
        also=(_href_removed("glossary/cs.yaml", CS_EYE_AT, "units.symbol.eye.readings.text", "data:text/html,hello"),),
    ),
    Fault(
        "safety.markdown_dangers: a javascript: link spelled in mixed case with a leading space",
        "glossary/cs.yaml",
        CS_EYE,
        "[oko](JaVaScRiPt:alert(document.domain)) " + CS_EYE,
        CS_EYE_AT,
        "units.symbol.eye.readings.text: the link target JaVaScRiPt:alert(document.domain) is not allowed: links "
        "may be relative, #anchors, https:, http: or mailto:",
        code_name="text.link-scheme",
        also=(
            _href_removed(
                "glossary/cs.yaml", CS_EYE_AT, "units.symbol.eye.readings.text", "JaVaScRiPt:alert(document.domain)"
            ),
        ),
    ),
    Fault(
        "safety.markdown_dangers: an image",
        "glossary/cs.yaml",
        CS_EYE,
        "![oko](#eye) " + CS_EYE,
        CS_EYE_AT,
        "units.symbol.eye.readings.text: images are not allowed in text (#eye): the site loads nothing from outside "
        "itself",
        code_name="text.image",
        also=(
            (
                "glossary/cs.yaml",
                CS_EYE_AT,
                "units.symbol.eye.readings.text: the sanitizer would remove the element <img> from the page",
                "text.sanitized",
            ),
        ),
    ),
    Fault(
        "safety.markdown_dangers: an HTML entity spelling a letter",
        "glossary/cs.yaml",
        "(oko) se",
        "(oko)&colon; se",
        CS_EYE_AT,
        "units.symbol.eye.readings.text: the HTML entity &colon; spells ':'; write the character itself",
        code_name="text.entity",
    ),
    Fault(
        "safety.markdown_dangers: a reference definition",
        "glossary/cs.yaml",
        "      " + CS_EYE,
        "      [x]: https://example.org\n\n      " + CS_EYE,
        CS_EYE_AT,
        "units.symbol.eye.readings.text: a reference definition [x] applies to the whole page; write the link inline",
        code_name="text.reference-definition",
    ),
    # validate/text.py
    Fault(
        "text: a stray brace",
        "rules/alpha/fr.yaml",
        SUMMARY,
        SUMMARY.replace("d’écriture.", "d’écriture }."),
        SUMMARY_AT,
        "units.summary.text: a brace that is not part of a {group.name} placeholder",
        code_name="text.stray-brace",
    ),
    Fault(
        "qa: balanced bold and code spans pass",
        "rules/alpha/fr.yaml",
        SUMMARY,
        SUMMARY.replace("Un jeu", "Un **jeu** `x`"),
        "",
        "",
        code=0,
    ),
    # An outdated translation: what its English changed (the placeholders) is a warning; raw HTML,
    # wrong whatever the English, stays an error.
    Fault(
        "text: an outdated translation's faults, by whether the English change explains them",
        "rules/alpha/fr.yaml",
        f'{SUMMARY}\n    source: "{SUMMARY_HASH}"',
        SUMMARY.replace("Un jeu", "Un <b>jeu</b>").replace("les règles", "les {scoring.rounds} règles")
        + f'\n    source: "{SUMMARY_HASH[:-1]}{"0" if SUMMARY_HASH[-1] != "0" else "1"}"',
        SUMMARY_AT,
        "units.summary.text: raw HTML is not allowed in text: '<b>'",
        code_name="text.raw-html",
        also=(
            (
                "rules/alpha/fr.yaml",
                SUMMARY_AT,
                "units.summary.text: raw HTML is not allowed in text: '</b>'",
                "text.raw-html",
            ),
            (
                "rules/alpha/fr.yaml",
                "  ▸summary:",
                "warning: units.summary: outdated: the en text changed since this translation was made",
                "unit.outdated",
            ),
            (
                "rules/alpha/fr.yaml",
                SUMMARY_AT,
                "warning: units.summary.text: placeholders {players.max}, {players.min}, {scoring.rounds} differ "
                "from the English {players.max}, {players.min}",
                "text.placeholders-differ",
            ),
        ),
    ),
    Fault(
        "text: a stray opening brace",
        "rules/alpha/fr.yaml",
        SUMMARY,
        SUMMARY.replace("d’écriture.", "d’écriture {."),
        SUMMARY_AT,
        "units.summary.text: a brace that is not part of a {group.name} placeholder",
        code_name="text.stray-brace",
    ),
    Fault(
        "text: a placeholder that names no fact",
        "rules/alpha/fr.yaml",
        "Le jeu se joue de {players.min} à {players.max} joueurs.",
        "Le jeu se joue de {players.min} à {players.maxi} joueurs.",
        "Le jeu se joue",
        "units.rule.players.text: placeholder {players.maxi} names no fact in alpha/game.yaml",
        code_name="text.unknown-placeholder",
        params={"facts_file": "alpha/game.yaml"},
        also=(
            (
                "rules/alpha/fr.yaml",
                "Le jeu se joue",
                "units.rule.players.text: placeholders {players.maxi}, {players.min} differ from the English "
                "{players.max}, {players.min}",
                "text.placeholders-differ",
            ),
        ),
    ),
    Fault(
        "text: a stray brace before an attribute list on its own line",
        "rules/alpha/cs.yaml",
        f"text: {CS_SUMMARY}",
        'text: "' + CS_SUMMARY.replace(" jejíž", "\\n{: onclick=alert(document.domain) }\\njejíž") + '"',
        'text: ▸"Hra',
        "units.summary.text: a brace that is not part of a {group.name} placeholder",
        code_name="text.stray-brace",
    ),
    Fault(
        "text: a control character in a unit",
        "rules/alpha/fr.yaml",
        FOLDED_SUMMARY,
        'text: "' + SUMMARY.replace("Un jeu", "Un\\ajeu") + '"',
        'text: ▸"Un\\ajeu',
        "units.summary.text: the control character U+0007 at character 3 is not allowed",
        code_name="text.control-character",
    ),
    Fault(
        "text: a bidi override in a unit",
        "rules/alpha/fr.yaml",
        FOLDED_SUMMARY,
        'text: "' + SUMMARY.replace("Un jeu", "Un \\u202Ejeu") + '"',
        'text: ▸"Un \\u202E',
        "units.summary.text: the bidi control U+202E (RIGHT-TO-LEFT OVERRIDE) at character 4 reorders what readers "
        "see; remove it",
        code_name="text.bidi-control",
        params={"codepoint": "202E", "name": "RIGHT-TO-LEFT OVERRIDE", "position": 4},
    ),
    # A publisher's original (alpha's French rule.winner): its words are the publisher's, checked
    # against its source rather than the English.
    Fault(
        "text: a publisher's original may spell out a number the English quotes",
        "rules/alpha/fr.yaml",
        "Après {scoring.rounds} manches",
        "Après trois manches",
        "",
        "",
        # The text check lets it through; the source's "3" is no longer in it (issue 46).
        also=(_WINNER_REWORDED,),
    ),
    Fault(
        "text: a publisher's original may not add a placeholder the English lacks",
        "rules/alpha/fr.yaml",
        "chaque joueur additionne",
        "chaque joueur (de {players.min} à {players.max}) additionne",
        WINNER_FR_AT,
        "units.rule.winner.text: placeholders {players.max}, {players.min}, {scoring.rounds} differ from the "
        "English {scoring.rounds}",
        code_name="text.placeholders-differ",
        also=(_WINNER_REWORDED,),
    ),
    # validate/translations.py
    Fault(
        "translations: a translated unit without a source hash",
        "rules/alpha/fr.yaml",
        f'{SUMMARY}\n    source: "{SUMMARY_HASH}"\n',
        f"{SUMMARY}\n",
        "  ▸summary:",
        "units.summary: a translation must record the hash of the English it translates in 'source'",
        code_name="unit.no-source-hash",
    ),
    Fault(
        "translations: an outdated source hash is a warning",
        "rules/alpha/fr.yaml",
        f'source: "{SUMMARY_HASH}"',
        f'source: "{SUMMARY_HASH[:-1]}{"0" if SUMMARY_HASH[-1] != "0" else "1"}"',
        "  ▸summary:",
        "warning: units.summary: outdated: the en text changed since this translation was made",
        code_name="unit.outdated",
        code=0,
    ),
    Fault(
        "translations: an English unit that game.yaml does not list",
        "rules/beta/en.yaml",
        "  summary:\n",
        "  rule.extra:\n    text: More.\n  summary:\n",
        "rule.extra:",
        "units.rule.extra: no such section or rule in game.yaml; "
        "`rulebook rule delete beta extra` removes it from every language",
        code_name="unit.unknown",
    ),
    Fault(
        "translations: a language file missing is a warning",
        "rules/beta/cs.yaml",
        "",
        "",
        "id: beta",
        "warning: no cs.yaml: nothing in beta is translated yet",
        code_name="unit.no-translation-file",
        params={"file": "cs.yaml", "text_set": "beta"},
        code=0,
        removed=("rules/beta/cs.yaml",),
        located="rules/beta/game.yaml",
    ),
    Fault(
        "translations: the next language is checked after one whose file is missing",
        "rules/beta/cs.yaml",
        f'source: "{SUMMARY_HASH}"',
        f'source: "{SUMMARY_HASH[:-1]}{"0" if SUMMARY_HASH[-1] != "0" else "1"}"',
        "  ▸summary:",
        "warning: units.summary: outdated: the en text changed since this translation was made",
        code_name="unit.outdated",
        also=(
            (
                "rules/beta/game.yaml",
                "id: beta",
                "warning: no fr.yaml: nothing in beta is translated yet",
                "unit.no-translation-file",
            ),
        ),
        code=0,
        removed=("rules/beta/fr.yaml",),
    ),
    Fault(
        "translations: a translated unit without a status",
        "rules/alpha/fr.yaml",
        f'source: "{SUMMARY_HASH}"\n{SUMMARY_FACTS}    status: draft\n',
        f'source: "{SUMMARY_HASH}"\n{SUMMARY_FACTS}',
        "  ▸summary:",
        "units.summary: a translation must say its 'status' (original, draft or reviewed)",
        code_name="unit.no-status",
    ),
    Fault(
        "translations: an English unit missing",
        "rules/beta/en.yaml",
        BETA_PLAYERS,
        "",
        "▸units:",
        "units: 'rule.players' is missing: game.yaml lists it, and every unit needs English text",
        code_name="unit.missing-english",
        also=(
            (
                "rules/beta/fr.yaml",
                "  ▸rule.players:",
                "units.rule.players: not in en.yaml, so there is nothing it can translate",
                "unit.nothing-to-translate",
            ),
            (
                "rules/beta/cs.yaml",
                "  ▸rule.players:",
                "units.rule.players: not in en.yaml, so there is nothing it can translate",
                "unit.nothing-to-translate",
            ),
            # The source's sentence is still given to it (`rulebook rule delete` asks for not_rules first).
            (
                "rules/beta/sources/original.coverage.yaml",
                "  ▸rule.players:",
                "no unit 'rule.players' in rules/beta/en.yaml",
                "source.unknown-unit",
            ),
        ),
    ),
    Fault(
        "translations: the source language's file missing",
        "rules/beta/en.yaml",
        "",
        "",
        "▸id: beta",
        "no en.yaml: the source language is required",
        code_name="unit.no-source-file",
        params={"file": "en.yaml"},
        removed=("rules/beta/en.yaml",),
        located="rules/beta/game.yaml",
    ),
    Fault(
        "glossary: a theme with no symbol",
        "glossary/symbols.yaml",
        "groups: [sound-plays, numbers, people, verbs, signs, objects, nature]",
        "groups: [sound-plays, numbers, people, verbs, signs, objects, nature, weather]",
        "weather]",
        "group 'weather' has no symbol",
        code_name="glossary.empty-group",
        # A theme has a name to translate, which the English must have.
        also=(
            (
                "glossary/en.yaml",
                "▸units:",
                "units: 'group.weather.name' is missing: game.yaml lists it, and every unit needs English text",
                "unit.missing-english",
            ),
        ),
    ),
    # validate/qa.py, on alpha's draft French summary, and its rule draw for a term of the English
    Fault(
        "qa: a forbidden term",
        "rules/alpha/fr.yaml",
        SUMMARY,
        SUMMARY.replace("d’écriture.", "d’écriture, sans pion."),
        SUMMARY_AT,
        "units.summary.text: terminology: 'pion…' is not used for 'token'; say 'jeton…'",
        code_name="qa.forbidden-term",
        params={"language": "fr"},
    ),
    Fault(
        "qa: a term of the English missing",
        "rules/alpha/fr.yaml",
        'text: "Piochez deux cartes."',
        'text: "Piochez deux lames."',
        'text: ▸"Piochez',
        "units.rule.draw.text: terminology: the English has 'card', the translation none of 'carte…'",
        code_name="qa.missing-term",
    ),
    Fault(
        "qa: unbalanced emphasis",
        "rules/alpha/fr.yaml",
        SUMMARY,
        SUMMARY.replace("Un jeu", "Un *jeu"),
        SUMMARY_AT,
        "units.summary.text: unbalanced Markdown emphasis (* or **)",
        code_name="qa.unbalanced-emphasis",
    ),
    Fault(
        "qa: unbalanced strong emphasis",
        "rules/alpha/fr.yaml",
        SUMMARY,
        SUMMARY.replace("Un jeu pour", "Un **jeu** pour **quelques"),
        SUMMARY_AT,
        "units.summary.text: unbalanced Markdown emphasis (* or **)",
        code_name="qa.unbalanced-emphasis",
    ),
    Fault(
        "qa: unbalanced code",
        "rules/alpha/fr.yaml",
        SUMMARY,
        SUMMARY.replace("Un jeu", "Un `jeu"),
        SUMMARY_AT,
        "units.summary.text: unbalanced Markdown code (`)",
        code_name="qa.unbalanced-code",
        params={"mark": "`"},
    ),
    Fault(
        "qa: unbalanced link brackets",
        "rules/alpha/fr.yaml",
        SUMMARY,
        SUMMARY.replace("Un jeu", "Un [jeu"),
        SUMMARY_AT,
        "units.summary.text: unbalanced Markdown link brackets",
        code_name="qa.unbalanced-link",
    ),
    Fault(
        "qa: a link the English does not have",
        "rules/alpha/fr.yaml",
        SUMMARY,
        SUMMARY.replace("Un jeu", "Un [jeu](#winner)"),
        SUMMARY_AT,
        "units.summary.text: 0 Markdown link(s) in the English, 1 in the translation",
        code_name="qa.links-differ",
        params={"english": 0, "translated": 1},
    ),
    Fault(
        "qa: trailing whitespace",
        "rules/alpha/fr.yaml",
        FOLDED_SUMMARY,
        f'text: "{SUMMARY} "',
        'text: ▸"Un jeu',
        "units.summary.text: starts or ends with whitespace (a space, tab or line break)",
        code_name="qa.whitespace",
    ),
    Fault(
        "qa: closing punctuation dropped",
        "rules/alpha/fr.yaml",
        SUMMARY,
        SUMMARY.rstrip("."),
        SUMMARY_AT,
        "units.summary.text: the English ends with full stop, the translation with none",
        code_name="qa.closing-punctuation",
        params={"wanted_mark": ".", "found_mark": None},
    ),
    Fault(
        "qa: closing punctuation changed",
        "rules/alpha/fr.yaml",
        SUMMARY,
        SUMMARY.replace("d’écriture.", "d’écriture\u202f!"),  # the narrow space French takes before "!"
        SUMMARY_AT,
        "units.summary.text: the English ends with full stop, the translation with exclamation mark",
        code_name="qa.closing-punctuation",
        params={"wanted_mark": ".", "found_mark": "!"},
    ),
    Fault(
        "qa: French colon without a no-break space",
        "rules/alpha/fr.yaml",
        FOLDED_SUMMARY,
        'text: "' + SUMMARY.replace("Un jeu pour", "Un jeu: pour") + '"',
        'text: ▸"Un jeu',
        "units.summary.text: French typography: a no-break space (U+00A0 or U+202F) goes before ':'",
        code_name="qa.no-break-space",
        params={"language": "fr", "mark": ":"},
    ),
    Fault(
        "qa: French colon after a plain space",
        "rules/alpha/fr.yaml",
        FOLDED_SUMMARY,
        'text: "' + SUMMARY.replace("Un jeu pour", "Un jeu : pour") + '"',
        'text: ▸"Un jeu',
        "units.summary.text: French typography: a no-break space (U+00A0 or U+202F) goes before ':'",
        code_name="qa.no-break-space",
    ),
    Fault(
        "qa: a plain space before a closing guillemet",
        "rules/alpha/fr.yaml",
        SUMMARY,
        _nbsp(SUMMARY.replace("d’écriture", "d’«~écriture »")),
        SUMMARY_AT,
        "units.summary.text: French typography: « and » take a no-break space inside",
        code_name="qa.guillemet-spaces",
    ),
    Fault(
        "qa: a plain space after an opening guillemet",
        "rules/alpha/fr.yaml",
        SUMMARY,
        _nbsp(SUMMARY.replace("d’écriture", "d’« écriture~»")),
        SUMMARY_AT,
        "units.summary.text: French typography: « and » take a no-break space inside",
        code_name="qa.guillemet-spaces",
    ),
    # The English caption of highest-total says Ann's 9 points (3 + 2 + 4).
    Fault(
        "qa: a number of the English missing",
        "rules/alpha/fr.yaml",
        "4, soit 9 points",
        "4, soit neuf points",
        "example.highest-total:\n    text: ▸>-",
        "units.example.highest-total.text: the English says 9, the translation does not",
        code_name="qa.number-missing",
        params={"number": 9},
    ),
    # validate/structure.py
    Fault(
        "structure: a source file that does not exist",
        "rules/alpha/game.yaml",
        "file: sources/original.txt",
        "file: sources/missing.txt",
        "sources/missing",
        "sources[0].file: no such file for 'en'",
        code_name="id.no-source-file",
        params={"language": "en"},
    ),
    Fault(
        "structure: a ruling assumes a fact that does not exist",
        "rules/alpha/game.yaml",
        SHARED_WIN,
        SHARED_WIN + "    assumes: [scorin]\n",
        "scorin]",
        "rulings[0].assumes: no fact 'scorin'",
        code_name="id.unknown-fact",
    ),
    Fault(
        "structure: a ruling may assume a group of facts, and one fact by its dotted name",
        "rules/alpha/game.yaml",
        SHARED_WIN,
        SHARED_WIN + "    assumes: [scoring, scoring.rounds]\n",
        "",
        "",
        code=0,
    ),
    Fault(
        "structure: a ruling assumes a fact below a number",
        "rules/alpha/game.yaml",
        SHARED_WIN,
        SHARED_WIN + "    assumes: [scoring.rounds.first]\n",
        "scoring.rounds.first]",
        "rulings[0].assumes: no fact 'scoring.rounds.first'",
        code_name="id.unknown-fact",
    ),
    Fault(
        "structure: a card that cites rules and rulings that exist passes",
        "rules/alpha/game.yaml",
        "scoring_rules: [winner]\n",
        "scoring_rules: [winner]\n" + QUICK_REFERENCE,
        "",
        "",
        code=0,
    ),
    Fault(
        "structure: the card cites a rule that does not exist",
        "rules/alpha/game.yaml",
        "scoring_rules: [winner]\n",
        "scoring_rules: [winner]\n" + QUICK_REFERENCE.replace("[winner]", "[winnerz]"),
        "winnerz",
        "quick_reference.end.rules: no rule 'winnerz'",
        code_name="id.unknown-rule",
    ),
    Fault(
        "structure: the card cites a ruling that does not exist",
        "rules/alpha/game.yaml",
        "scoring_rules: [winner]\n",
        "scoring_rules: [winner]\n" + QUICK_REFERENCE.replace("[shared-win]", "[shared-winz]"),
        "shared-winz",
        "quick_reference.tie.rulings: no ruling 'shared-winz'",
        code_name="id.unknown-ruling",
    ),
    # validate/examples.py: highest-total scores Ann 3 + 2 + 4 = 9 and Bob 5 + 1 + 2 = 8 (HIGHEST_TOTAL).
    Fault(
        "examples: a result that differs from the computation",
        "rules/alpha/game.yaml",
        "expect: {scores: {Ann: 9, Bob: 8}",
        "expect: {scores: {Ann: 10, Bob: 8}",
        "- ▸id: highest-total",
        'example \'highest-total\': expected scores {"Ann": 10, "Bob": 8}, computed {"Ann": 9, "Bob": 8}; '
        "reproduce: rulebook score alpha --example highest-total",
        code_name="example.result-differs",
    ),
    Fault(
        "examples: a refusal expected where it scores",
        "rules/alpha/game.yaml",
        "expect: {scores: {Ann: 9, Bob: 8}, winners: [Ann], tiebreak: false}",
        "expect: {refused: score.too-many-rounds}",
        "- ▸id: highest-total",
        "example 'highest-total': expected a refusal ('score.too-many-rounds'), but it scores "
        '{"scores": {"Ann": 9, "Bob": 8}, …',
        code_name="example.refusal-expected",
    ),
    # four-rounds gives Ann 4 rounds of the game's 3: refused with score.too-many-rounds, n 4, rounds 3.
    Fault(
        "examples: a refusal with another code",
        "rules/alpha/game.yaml",
        "expect: {refused: score.too-many-rounds}",
        "expect: {refused: score.too-few-rounds}",
        "- ▸id: four-rounds",
        "example 'four-rounds': expected the refusal 'score.too-few-rounds', got 'score.too-many-rounds' "
        "(players.Ann: 4 rounds scored, but the game has only 3); reproduce: rulebook score alpha "
        "--example four-rounds",
        code_name="example.other-refusal",
        params={"refused": ["score.too-many-rounds"]},
    ),
    Fault(
        "examples: a refusal with its code and other params",
        "rules/alpha/game.yaml",
        "expect: {refused: score.too-many-rounds}",
        "expect: {refused: {code: score.too-many-rounds, params: {n: 4, rounds: 2}}}",
        "- ▸id: four-rounds",
        "example 'four-rounds': expected the refusal 'score.too-many-rounds' {\"n\": 4, \"rounds\": 2}, got "
        "'score.too-many-rounds' (players.Ann: 4 rounds scored, but the game has only 3); reproduce: "
        "rulebook score alpha --example four-rounds",
        code_name="example.other-refusal",
    ),
    Fault(
        "examples: a refusal with its code and params",
        "rules/alpha/game.yaml",
        "expect: {refused: score.too-many-rounds}",
        "expect: {refused: {code: score.too-many-rounds, params: {n: 4, rounds: 3}}}",
        "",
        "",
        code=0,
    ),
    # A refusal is matched by its code, never by its English words: the schema refuses words.
    Fault(
        "schema: a worked example expecting a refusal by its words",
        "rules/alpha/game.yaml",
        "expect: {refused: score.too-many-rounds}",
        'expect: {refused: "the game has only 3"}',
        '▸"the game has only 3"',
        "examples[1].expect.refused: expected a problem code or a problem code with params; got 'the game has only 3'",
        code_name="schema.oneOf",
    ),
    Fault(
        "examples: an input the scoring refuses, located in the input",
        "rules/alpha/game.yaml",
        "players: {Ann: [3, 2, 4], Bob",
        "players: {Ann: [3, 2, 4, 1], Bob",
        "{Ann: ▸[3, 2, 4, 1]",
        f"example 'highest-total': expected {HIGHEST_TOTAL}, but players.Ann: 4 rounds scored, but the game has "
        "only 3; reproduce: rulebook score alpha --example highest-total",
        code_name="example.refused",
        params={"refused": "score.too-many-rounds"},
    ),
    # Two examples broken at once: each is reported, whichever fails first and however.
    Fault(
        "examples: a result that differs, then an input the scoring refuses",
        "rules/alpha/game.yaml",
        HIGHEST_TOTAL_YAML + FOUR_ROUNDS_YAML + A_TIE_INPUT,
        HIGHEST_TOTAL_YAML.replace("Ann: 9", "Ann: 10") + FOUR_ROUNDS_YAML + A_TIE_INPUT.replace("3]", "3, 0]"),
        "- ▸id: highest-total",
        'example \'highest-total\': expected scores {"Ann": 10, "Bob": 8}, computed {"Ann": 9, "Bob": 8}; '
        "reproduce: rulebook score alpha --example highest-total",
        code_name="example.result-differs",
        also=(
            (
                "rules/alpha/game.yaml",
                "{Ann: ▸[1, 2, 3, 0]",
                f"example 'a-tie': expected {A_TIE}, but players.Ann: 4 rounds scored, but the game has only 3; "
                "reproduce: rulebook score alpha --example a-tie",
                "example.refused",
            ),
        ),
    ),
    Fault(
        "examples: an input the scoring refuses, then a result that differs",
        "rules/alpha/game.yaml",
        HIGHEST_TOTAL_YAML + FOUR_ROUNDS_YAML + A_TIE_INPUT + A_TIE_EXPECT,
        HIGHEST_TOTAL_YAML.replace("[3, 2, 4]", "[3, 2, 4, 0]").replace("[5, 1, 2]", "[5, 1, 2, 0]")
        + FOUR_ROUNDS_YAML
        + A_TIE_INPUT
        + A_TIE_EXPECT.replace("Ann: 6", "Ann: 7"),
        "{Ann: ▸[3, 2, 4, 0]",
        f"example 'highest-total': expected {HIGHEST_TOTAL}, but players.Ann: 4 rounds scored, but the game has "
        "only 3; reproduce: rulebook score alpha --example highest-total",
        code_name="example.refused",
        also=(
            (
                "rules/alpha/game.yaml",
                "Bob: ▸[5, 1, 2, 0]",
                f"example 'highest-total': expected {HIGHEST_TOTAL}, but players.Bob: 4 rounds scored, but the game "
                "has only 3; reproduce: rulebook score alpha --example highest-total",
                "example.refused",
            ),
            (
                "rules/alpha/game.yaml",
                "- ▸id: a-tie",
                'example \'a-tie\': expected scores {"Ann": 7, "Bob": 6}, computed {"Ann": 6, "Bob": 6}; '
                "reproduce: rulebook score alpha --example a-tie",
                "example.result-differs",
            ),
        ),
    ),
    Fault(
        "examples: scoring_rules names no rule",
        "rules/alpha/game.yaml",
        "scoring_rules: [winner]",
        "scoring_rules: [winner, winnerz]",
        "winnerz",
        "scoring_rules[1]: no rule 'winnerz'",
        code_name="id.unknown-rule",
    ),
    Fault(
        "examples: a scoring rule with no worked example",
        "rules/alpha/game.yaml",
        "scoring_rules: [winner]",
        "scoring_rules: [winner, draw]",
        "draw]",
        "scoring rule 'draw' has no worked example",
        code_name="example.rule-without-example",
    ),
    Fault(
        "examples: a ruling concerns no rule",
        "rules/alpha/game.yaml",
        SHARED_WIN,
        SHARED_WIN.replace("[winner]", "[winnerz]"),
        "winnerz",
        "rulings[0].rules: no rule 'winnerz'",
        code_name="id.unknown-rule",
    ),
    Fault(
        "examples: an example cites no rule",
        "rules/alpha/game.yaml",
        "  - id: highest-total\n    rules: [winner]",
        "  - id: highest-total\n    rules: [winnerz]",
        "winnerz",
        "examples[0].rules: no rule 'winnerz'",
        code_name="id.unknown-rule",
    ),
    Fault(
        "examples: a ruling with no worked example",
        "rules/alpha/game.yaml",
        A_TIE_INPUT,
        A_TIE_INPUT.replace("[shared-win, counted-total]", "[shared-win]"),
        "- id: ▸counted-total",
        "ruling 'counted-total' has no worked example",
        code_name="example.ruling-without-example",
        more=(
            ("rules/alpha/game.yaml", TIE_RULINGS, "    rulings: [shared-win]\n    input:\n      players: {Ann: [3"),
        ),
    ),
    # validate/rulings.py (issue 49): the defects as they were before their fix, planted back.
    Fault(
        "rulings: an example does not name a ruling that a ruling it names presumes",
        "rules/alpha/game.yaml",
        TIE_RULINGS,
        TIE_RULINGS.replace("[shared-win, counted-total]", "[counted-total]"),
        "rulings: ▸[counted-total]",
        "examples[3].rulings: example 'tie' rests on ruling 'shared-win', which 'counted-total' presumes: "
        "name it under rulings",
        code_name="example.ruling-not-named",
    ),
    Fault(
        "rulings: another example does not name a ruling that a ruling it names presumes",
        "rules/alpha/game.yaml",
        A_TIE_INPUT,
        A_TIE_INPUT.replace("[shared-win, counted-total]", "[counted-total]"),
        "rulings: ▸[counted-total]",
        "examples[2].rulings: example 'a-tie' rests on ruling 'shared-win', which 'counted-total' presumes: "
        "name it under rulings",
        code_name="example.ruling-not-named",
    ),
    Fault(
        "rulings: a ruling marked as restating narrows its rule",
        "rules/alpha/game.yaml",
        SHARED_WIN,
        SHARED_WIN + "    restates: true\n",
        'ruling.shared-win.answer:\n    text: ▸"Yes',
        "units.ruling.shared-win.answer.text: ruling 'shared-win' is marked as restating the rules, but its answer "
        "limits them with 'whenever', which none of its rules says; mark it as a project ruling or reword it",
        code_name="ruling.restates-narrows",
        located="rules/alpha/en.yaml",
        more=tuple((f"rules/alpha/{language}.yaml", old, new) for language, (old, new) in _NARROWED_ANSWERS.items()),
        also=(
            (
                "rules/alpha/fr.yaml",
                'ruling.shared-win.answer:\n    text: ▸"Oui',
                "warning: units.ruling.shared-win.answer.text: ruling 'shared-win' is marked as restating the "
                "rules, but its answer limits them with 'chaque fois', which none of its rules says; mark it as a "
                "project ruling or reword it",
                "ruling.restates-narrows",
            ),
            (
                "rules/alpha/cs.yaml",
                'ruling.shared-win.answer:\n    text: ▸"Ano',
                "warning: units.ruling.shared-win.answer.text: ruling 'shared-win' is marked as restating the "
                "rules, but its answer limits them with 'vždy', which none of its rules says; mark it as a project "
                "ruling or reword it",
                "ruling.restates-narrows",
            ),
        ),
    ),
    Fault(
        "rulings: a ruling marked as restating that limits nothing passes",
        "rules/alpha/game.yaml",
        SHARED_WIN,
        SHARED_WIN + "    restates: true\n",
        "",
        "",
        code=0,
    ),
    Fault(
        "rulings: a quote of its rule's words passes",
        "rules/alpha/fr.yaml",
        "Les règles ne prévoient aucun départage.",
        _nbsp("Les règles disent «~le plus haut total l’emporte~» et ne prévoient aucun départage."),
        "",
        "",
        code=0,
    ),
    Fault(
        "rulings: a quote that is not its rule's words",
        "rules/alpha/fr.yaml",
        "Les règles ne prévoient aucun départage.",
        _nbsp("Les règles disent «~le plus haut total gagne~» et ne prévoient aucun départage."),
        'ruling.shared-win.why:\n    text: ▸"',
        "warning: units.ruling.shared-win.why.text: ruling 'shared-win' quotes 'le plus haut total gagne', which "
        "none of its rules (winner) says in these words",
        code_name="ruling.quote-not-in-rule",
        code=0,  # a translation's: a warning
    ),
    Fault(
        "rulings: a former id that is an id in use",
        "rules/alpha/game.yaml",
        "  - id: tie\n",
        "  - id: tie\n    formerly: [highest-total]\n",
        "formerly: [▸highest-total]",
        "'tie' was formerly 'highest-total', which is an id in use",
        code_name="id.formerly-in-use",
    ),
    # The French caption of highest-total, given a number the example does not compute.
    Fault(
        "examples: a caption quoting a number the example does not compute",
        "rules/alpha/fr.yaml",
        "Ann a le plus haut total.",
        "Ann a le plus haut total, 17.",
        "example.highest-total:\n    text: ▸>-",
        f"units.example.highest-total.text: the caption says 17, which example 'highest-total' does not "
        f"compute ({HIGHEST_TOTAL})",
        code_name="example.caption-number",
    ),
    Fault(
        "examples: a caption quoting a number with a decimal comma",
        "rules/alpha/fr.yaml",
        "Ann a le plus haut total.",
        "Ann a le plus haut total, 9,5.",
        "example.highest-total:\n    text: ▸>-",
        f"units.example.highest-total.text: the caption says 9,5, which example 'highest-total' does not "
        f"compute ({HIGHEST_TOTAL})",
        code_name="example.caption-number",
    ),
    # validate/glossary.py
    Fault(
        "glossary: the fact that promises the number of symbols is a count",
        "glossary/symbols.yaml",
        "count_fact: components.glossary_symbols",
        "count_fact: components.glossary_pictures",
        "count_fact: ▸components.glossary_pictures",
        "count_fact: 'components.glossary_pictures' names no whole number in alpha/game.yaml",
        code_name="glossary.fact-not-a-count",
        params={"facts_file": "alpha/game.yaml"},
    ),
    Fault(
        "glossary: the number of symbols the rules promise",
        "rules/alpha/game.yaml",
        f"glossary_symbols: {SYMBOLS}",
        f"glossary_symbols: {SYMBOLS + 1}",
        "symbols:\n  ▸- id: eye",
        f"symbols: {SYMBOLS} symbols, but the rules promise {SYMBOLS + 1} (alpha/game.yaml: "
        "facts.components.glossary_symbols)",
        code_name="glossary.symbol-count",
        params={
            "count": SYMBOLS,
            "promised": SYMBOLS + 1,
            "facts_file": "alpha/game.yaml",
            "fact": "facts.components.glossary_symbols",
        },
        located="glossary/symbols.yaml",
        # The translations that quote the number were made with its value: the changed value outdates them.
        also=tuple(
            (
                file,
                f"{unit}:",
                f"warning: units.{unit}: outdated: the value of {{components.glossary_symbols}} {CHANGED}",
                "unit.outdated",
            )
            for file, unit in [
                ("glossary/cs.yaml", "page.title"),
                ("glossary/cs.yaml", "page.intro"),
                ("glossary/fr.yaml", "page.title"),
                ("glossary/fr.yaml", "page.intro"),
            ]
        ),
    ),
    Fault(
        "glossary: two symbols with one picture",
        "glossary/symbols.yaml",
        "icon: material/sheep",
        "icon: material/eye",
        "material/eye\n    readings: [you",
        "icon 'material/eye' is already the picture of 'eye'",
        code_name="glossary.duplicate-icon",
    ),
    Fault(
        "glossary: a picture the theme does not have",
        "glossary/symbols.yaml",
        "icon: material/sheep",
        "icon: material/sheepish",
        "material/sheepish",
        "icon 'material/sheepish' is not in the installed mkdocs-material (…",
        code_name="glossary.icon-missing",
    ),
    Fault(
        "glossary: a symbol in an undeclared theme",
        "glossary/symbols.yaml",
        "  - id: eye\n    group: sound-plays",
        "  - id: eye\n    group: sound-playz",
        "sound-playz",
        "group 'sound-playz' is not one of groups: sound-plays, numbers, people, verbs, signs, objects, nature",
        code_name="glossary.unknown-group",
    ),
    Fault(
        "glossary: an illustration under a rule that does not exist",
        "rules/alpha/game.yaml",
        "- rule: winner",
        "- rule: winnerz",
        "winnerz",
        "illustrations[0].rule: no rule 'winnerz'",
        code_name="id.unknown-rule",
    ),
    Fault(
        "glossary: an illustration longer than a rack",
        "rules/alpha/game.yaml",
        "tiles: [eye, saw]",
        "tiles: [eye, saw, A, B, C, D, E, F]",
        "[eye, saw, A",
        "illustrations[0] has 8 tiles, but a player holds 7",
        code_name="glossary.illustration-over-rack",
        params={"tiles": 8, "rack": 7},
    ),
    Fault(
        "glossary: an illustration fills a rack exactly",
        "rules/alpha/game.yaml",
        "tiles: [eye, saw]",
        "tiles: [eye, saw, A, B, C, D, E]",
        "",
        "",
        code=0,
    ),
    Fault(
        "glossary: an illustration tile that is neither a symbol nor a letter",
        "rules/alpha/game.yaml",
        "tiles: [eye, saw]",
        "tiles: [eye, SAW]",
        "SAW]",
        "tile 'SAW' is neither a glossary symbol nor a single letter",
        code_name="glossary.illustration-tile",
    ),
    Fault(
        "glossary: an example tile that is neither a symbol nor a letter",
        "glossary/symbols.yaml",
        "example: {tiles: [eye, saw], reads: I saw}",
        "example: {tiles: [eye, sawn], reads: I saw}",
        "sawn",
        "example tile 'sawn' is neither a symbol of the glossary nor a single letter",
        code_name="glossary.example-tile",
    ),
    Fault(
        "glossary: an example that does not use its symbol",
        "glossary/symbols.yaml",
        "example: {tiles: [ice-cream], reads: I scream}",
        "example: {tiles: [eye], reads: I scream}",
        "[eye], reads: I scream",
        "the example of 'ice-cream' does not use 'ice-cream'",
        code_name="glossary.example-without-symbol",
    ),
    Fault(
        "glossary: an example longer than a rack",
        "glossary/symbols.yaml",
        "example: {tiles: [ice-cream], reads: I scream}",
        "example: {tiles: [ice-cream, A, B, C, D, E, F, G], reads: I scream}",
        "example: {tiles: ▸[ice-cream, A",
        "the example of 'ice-cream' has 8 tiles, but a player holds 7",
        code_name="glossary.example-over-rack",
        params={"tiles": 8, "rack": 7},
    ),
    Fault(
        "glossary: a number in a symbol's words",
        "glossary/fr.yaml",
        "text: Un œil ouvert.",
        "text: Un œil ouvert, 7 fois.",
        "Un œil ouvert",
        "units.symbol.eye.description.text: says 7; the example has 2 tiles and scores 6, and no reading is 7",
        code_name="glossary.number-not-a-reading",
        params={"tiles": 2, "score": 6},
    ),
    Fault(
        "glossary: a number in a symbol's name",
        "glossary/fr.yaml",
        "text: Œil\n",
        "text: Œil 7\n",
        "Œil 7",
        "units.symbol.eye.name.text: says 7; the example has 2 tiles and scores 6, and no reading is 7",
        code_name="glossary.number-not-a-reading",
    ),
    Fault(
        "glossary: a number in the explanation of a symbol's readings",
        "glossary/fr.yaml",
        "(oui).\n",
        "(oui), 7 fois.\n",
        "symbol.eye.readings:\n    text: ▸>-",
        "units.symbol.eye.readings.text: says 7; the example has 2 tiles and scores 6, and no reading is 7",
        code_name="glossary.number-not-a-reading",
    ),
    Fault(
        "glossary: a number in a symbol's readings, its description not yet translated",
        "glossary/fr.yaml",
        _EYE_WORDS,
        _EYE_WORDS.replace(_EYE_DESCRIPTION, "").replace("(oui).", "(oui), 7 fois."),
        "symbol.eye.readings:\n    text: ▸>-",
        "units.symbol.eye.readings.text: says 7; the example has 2 tiles and scores 6, and no reading is 7",
        code_name="glossary.number-not-a-reading",
        also=(
            (
                "glossary/fr.yaml",
                "units:\n",
                "warning: units: 'symbol.eye.description' has no fr translation yet",
                "unit.untranslated",
            ),
        ),
        located="glossary/fr.yaml",
    ),
    Fault(
        "glossary: a number in a symbol's words that is its tile count",
        "glossary/fr.yaml",
        "text: Un œil ouvert.",
        "text: Un œil ouvert (2 tuiles, 6 points).",
        "",
        "",
        code=0,
    ),
]


def _located(root: Path, file: str, marker: str) -> tuple[int, int]:
    """The line and column of `marker` in a file, or of what follows its "▸" when it has one."""
    context, _, rest = marker.rpartition("▸")
    text = (root / file).read_text(encoding="utf-8")
    assert text.count(context + rest) == 1, f"the marker {marker!r} must be unique in {file}"
    offset = text.index(context + rest) + len(context)
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _expected_line(root: Path, file: str, marker: str, message: str) -> str:
    """The line a problem prints: located at `marker`, or just after its "▸" when it has one."""
    line, col = _located(root, file, marker)
    return f"{file}:{line}:{col}: {message}"


def _matches(reported: str, expected: str) -> bool:
    return reported.startswith(expected[:-1]) if expected.endswith("…") else reported == expected


@dataclass(frozen=True)
class Expected:
    """One problem a case must report: the line `check` prints, and what `check --json` says of it."""

    file: str
    line: int
    col: int
    message: str  # as printed, "warning: " first for a warning
    code_name: str
    params: Mapping[str, object] | None = None

    @property
    def printed(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.message}"

    def fits(self, problem: dict) -> bool:
        """Whether a problem of `check --json` is this one: place, code, severity and words."""
        warning = self.message.startswith("warning: ")
        return (
            (problem["file"], problem["line"], problem["col"]) == (self.file, self.line, self.col)
            and problem["code"] == self.code_name
            and problem["severity"] == ("warning" if warning else "error")
            and _matches(problem["message"], self.message.removeprefix("warning: "))
        )


@pytest.fixture(scope="module")
def shared_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One copy of the fixture project (_make_project) for every case, each putting back what it broke:
    a check of the copy then reads again only the files a fault changed (the reader keys what it read
    by each file's size and time of change), and the schemas' own check is done once, not once per case."""
    return _copy_project(tmp_path_factory, tmp_path_factory.mktemp("each-check") / "project")


@contextmanager
def _planted(root: Path, fault: Fault) -> Iterator[None]:
    """The copy with the fault in it, as it was again afterwards (even when the case fails)."""
    edits = [*([(fault.file, fault.old, fault.new)] if fault.old else []), *fault.more]
    touched = [*fault.removed, *dict.fromkeys(file for file, _, _ in edits)]
    before = {name: (root / name).read_bytes() for name in touched}
    try:
        for removed in fault.removed:
            (root / removed).unlink()
        for file, old, new in edits:
            path = root / file
            text = path.read_text(encoding="utf-8")
            assert text.count(old) == 1, "the fault must be planted in exactly one place"
            path.write_text(text.replace(old, new), encoding="utf-8")
        yield
    finally:
        for name, raw in before.items():
            (root / name).write_bytes(raw)


@pytest.mark.parametrize("fault", FAULTS, ids=[fault.check for fault in FAULTS])
def test_one_fault_is_reported_by_its_check_alone(fault: Fault, shared_copy: Path, capsys) -> None:
    """Printed as the user reads it, and in `check --json` with its code (and params)."""
    with _planted(shared_copy, fault):
        code, out, err = run_cli(capsys, "--root", str(shared_copy), "check")
        json_code, json_out, json_err = run_cli(capsys, "--root", str(shared_copy), "check", "--json")
        expected = _expected(shared_copy, fault)
        found = check_project(shared_copy)[1]  # what the two runs just checked: read from the cache
    _assert_reported_alone(fault, code, out, err, [problem.printed for problem in expected])
    _assert_coded_alone(fault, json_code, json_out, json_err, expected)
    assert_coded(found)


def assert_coded(problems: list[Problem]) -> None:
    """Every problem carries a registered code, JSON params, and the message its code, params and
    quotes say (issue 25)."""
    for problem in problems:
        assert problem.code in registry(), f"no registered code: {problem}"
        json.dumps(dict(problem.params))  # JSON values only
        assert say(problem.code, problem.params, problem.quoted) == problem.message, problem.code


def test_the_shared_copy_is_clean_again_after_every_case(
    shared_copy: Path, tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, capsys
) -> None:
    """Runs after the cases (pytest keeps the file's order): none left its fault behind, and the
    fixture project reports no problem at all, so a case's problems are the fault's alone."""
    fresh = _copy_project(tmp_path_factory, tmp_path / "fresh")
    assert tree_digest(shared_copy / "rules") == tree_digest(fresh / "rules")
    assert tree_digest(shared_copy / "glossary") == tree_digest(fresh / "glossary")
    code, out, _ = run_cli(capsys, "--root", str(shared_copy), "check")
    assert code == 0
    assert out == "", out
    assert json.loads(run_cli(capsys, "--root", str(shared_copy), "check", "--json")[1])["problems"] == []


def _expected(project_copy: Path, fault: Fault) -> list[Expected]:
    expected = []
    if fault.marker:
        assert fault.code_name, "a reported fault names its code"
        file = fault.located or fault.file
        line, col = _located(project_copy, file, fault.marker)
        expected.append(Expected(file, line, col, fault.message, fault.code_name, fault.params))
    for file, marker, message, code_name in fault.also:
        expected.append(Expected(file, *_located(project_copy, file, marker), message, code_name))
    return expected


def _assert_reported_alone(fault: Fault, code: int, out: str, err: str, expected: list[str]) -> None:
    """What the fault must cause, and nothing else: the clean fixture reports no problem."""
    reported = out.splitlines()
    assert "Traceback" not in out + err
    unmatched = list(reported)
    for wanted in expected:
        match = next((line for line in unmatched if _matches(line, wanted)), None)
        assert match is not None, f"expected:\n{wanted}\n--- got:\n{out}"
        unmatched.remove(match)
    assert not unmatched, f"reported besides what the fault should cause:\n{out}"
    assert code == fault.code, out


def _assert_coded_alone(fault: Fault, code: int, out: str, err: str, expected: list[Expected]) -> None:
    assert "Traceback" not in out + err
    unmatched = json.loads(out)["problems"]
    for wanted in expected:
        match = next((problem for problem in unmatched if wanted.fits(problem)), None)
        assert match is not None, f"expected {wanted.code_name} at {wanted.printed}\n--- got:\n{out}"
        if wanted.params is not None:
            assert match["params"] == wanted.params, match
        unmatched.remove(match)
    assert not unmatched, f"reported besides what the fault should cause:\n{out}"
    assert code == fault.code, out


def _coded(root: Path, capsys, file: str, marker: str, code_name: str) -> bool:
    """Whether `check --json` reports a problem with this code at `marker`."""
    line, col = _located(root, file, marker)
    problems = json.loads(run_cli(capsys, "--root", str(root), "check", "--json")[1])["problems"]
    return any((p["file"], p["line"], p["col"], p["code"]) == (file, line, col, code_name) for p in problems)


@pytest.fixture
def fixture_copy(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Path:
    """A copy of the fixture project (_make_project) of the test's own, safe to break."""
    return _copy_project(tmp_path_factory, tmp_path / "project")


def test_an_example_id_used_twice_is_reported_at_the_second(fixture_copy: Path, capsys) -> None:
    """Not alone: the captions are units named by example id, so the second example's numbers are
    also compared with the first one's caption. Each example is still scored on its own: a-tie,
    renamed highest-total, computes 6 each and expects it; the first computes 9 and 8 and expects it."""
    edit(fixture_copy, "rules/alpha/game.yaml", "  - id: a-tie\n", "  - id: highest-total\n")
    code, out, _ = run_cli(capsys, "--root", str(fixture_copy), "check")
    second = "  - id: ▸highest-total\n    rules: [winner]\n    rulings: [shared-win, counted-total]"
    duplicate = _expected_line(fixture_copy, "rules/alpha/game.yaml", second, "")
    assert code == 1
    assert f"{duplicate}example id 'highest-total' is used twice" in out.splitlines(), out
    first, other = '{"Ann": 9, "Bob": 8}', '{"Ann": 6, "Bob": 6}'
    assert f"expected scores {other}, computed {first}" not in out, (
        "the second example was given the first one's outcome"
    )
    assert f"expected scores {first}, computed {other}" not in out, (
        "the first example was given the second one's outcome"
    )
    assert _coded(fixture_copy, capsys, "rules/alpha/game.yaml", second, "example.duplicate-id")


def test_a_caption_is_checked_in_every_language_after_one_that_lacks_it(fixture_copy: Path, capsys) -> None:
    """Not alone: the French caption is dropped (a warning), and the Czech one, checked after it, says
    18 where the example computes 8 for Bob (rules/project.yaml: languages en, fr, cs)."""
    french = (fixture_copy / "rules/alpha/fr.yaml").read_text(encoding="utf-8")
    start = french.index("  example.highest-total:\n")
    edit(fixture_copy, "rules/alpha/fr.yaml", french[start : french.index("  example.four-rounds:", start)], "")
    edit(fixture_copy, "rules/alpha/cs.yaml", "celkem 8 bodů", "celkem 18 bodů")
    code, out, _ = run_cli(capsys, "--root", str(fixture_copy), "check")
    cs_caption = "example.highest-total:\n    text: ▸Ann"
    caption = _expected_line(
        fixture_copy,
        "rules/alpha/cs.yaml",
        cs_caption,
        f"units.example.highest-total.text: the caption says 18, which example 'highest-total' does not compute "
        f"({HIGHEST_TOTAL})",
    )
    assert code == 1
    assert caption in out.splitlines(), out
    assert _coded(fixture_copy, capsys, "rules/alpha/cs.yaml", cs_caption, "example.caption-number")


def test_a_unit_is_judged_with_the_string_facts_it_quotes(fixture_copy: Path, capsys) -> None:
    """Not alone: the fact itself is reported too. The English rule.players quotes a string fact that
    holds a javascript: link, so the unit carries the link onto the page."""
    edit(
        fixture_copy,
        "rules/alpha/game.yaml",
        "    max: 4\n",
        "    max: 4\n    note: '[players](javascript:alert(1))'\n",
    )
    edit(fixture_copy, "rules/alpha/en.yaml", "{players.max} players.", "{players.max} players, {players.note}.")
    code, out, _ = run_cli(capsys, "--root", str(fixture_copy), "check")
    unit = _expected_line(
        fixture_copy,
        "rules/alpha/en.yaml",
        "The game is for",
        "units.rule.players.text: the link target javascript:alert(1) is not allowed: links may be relative, "
        "#anchors, https:, http: or mailto:",
    )
    assert code == 1
    assert unit in out.splitlines(), out
    assert _coded(fixture_copy, capsys, "rules/alpha/en.yaml", "The game is for", "text.link-scheme")
