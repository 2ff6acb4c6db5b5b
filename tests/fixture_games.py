"""The fixture games of the toolkit's tests, richer than `make_small_project` leaves them (issue 50):
alpha and beta translated into French and Czech by the toolkit's own `i18n export` and `i18n import`,
as a translator would. The toolkit's tests name these games, never the real ones.

What the fixture holds, for tests to work out their expectations from by hand:

- alpha (scored, 3 rounds, 2 to 4 players): units summary, edition.1-0, section.overview,
  rule.players, rule.winner, example.highest-total; beta: summary, edition.1-0, section.overview,
  rule.players.
- Every unit of both games is translated into fr and cs (TRANSLATIONS), status draft.
"""

from __future__ import annotations

import contextlib
import io
import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest

from conftest import GIT, edit, made_once, make_small_project, run_cli
from rulebook.cli import main

NBSP = "\u00a0"  # French, before a colon
NNBSP = "\u202f"  # French, before ; ! and ?, as the project's typography asks (with_typography)
# The translations, hand-written: language → game → unit → text.
TRANSLATIONS: dict[str, dict[str, dict[str, str]]] = {
    "fr": {
        "alpha": {
            "summary": "Un jeu pour {players.min} à {players.max} joueurs, dont les règles sont en cours d’écriture.",
            "edition.1-0": "Les règles telles que ce projet les a enregistrées pour la première fois.",
            "section.overview": "Aperçu",
            "rule.players": "Le jeu se joue de {players.min} à {players.max} joueurs.",
            "rule.winner": (
                f"Après {{scoring.rounds}} manches, chaque joueur additionne ses points{NNBSP}; "
                "le plus haut total l’emporte."
            ),
            "example.highest-total": (
                "Ann marque 3, 2 et 4, soit 9 points ; Bob 5, 1 et 2, soit 8 points. Ann a le plus haut total."
            ).replace(" ;", f"{NNBSP};"),
        },
        "beta": {
            "summary": "Un jeu pour {players.min} à {players.max} joueurs, dont les règles sont en cours d’écriture.",
            "edition.1-0": "Les règles telles que ce projet les a enregistrées pour la première fois.",
            "section.overview": "Aperçu",
            "rule.players": "Le jeu se joue de {players.min} à {players.max} joueurs.",
        },
    },
    "cs": {
        "alpha": {
            "summary": "Hra pro {players.min} až {players.max} hráče, jejíž pravidla se teprve píší.",
            "edition.1-0": "Pravidla, jak je tento projekt poprvé zaznamenal.",
            "section.overview": "Přehled",
            "rule.players": "Hru hrají {players.min} až {players.max} hráči.",
            "rule.winner": "Po {scoring.rounds} kolech každý hráč sečte své body; vyhrává nejvyšší součet.",
            "example.highest-total": "Ann získá 3, 2 a 4, celkem 9 bodů; Bob 5, 1 a 2, celkem 8 bodů. Vyhrává Ann.",
        },
        "beta": {
            "summary": "Hra pro {players.min} až {players.max} hráče, jejíž pravidla se teprve píší.",
            "edition.1-0": "Pravidla, jak je tento projekt poprvé zaznamenal.",
            "section.overview": "Přehled",
            "rule.players": "Hru hrají {players.min} až {players.max} hráči.",
        },
    },
}


def translate(root: Path) -> None:
    """Every unit of the small project at root translated into fr and cs, through `i18n export`, the
    translator's edit of the PO file (polib) and `i18n import`; the PO files are left out of root."""
    folder = root.parent / f"{root.name}-po"
    for language, games in TRANSLATIONS.items():
        for game, units in games.items():
            quiet(["--root", str(root), "i18n", "export", language, "--game", game, "-o", str(folder)])
            po = folder / f"{game}.{language}.po"
            catalog = polib.pofile(str(po))
            assert {entry.msgctxt for entry in catalog} == set(units), (game, language)
            for entry in catalog:
                entry.msgstr = units[entry.msgctxt]
            catalog.save(str(po))
            quiet(["--root", str(root), "i18n", "import", str(po)])
    shutil.rmtree(folder)
    quiet(["--root", str(root), "check"])
    shutil.rmtree(root / ".cache", ignore_errors=True)


def quiet(args: list[str]) -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    assert code == 0, f"rulebook {' '.join(args)}: {out.getvalue()}{err.getvalue()}"


def make_translated_project(root: Path) -> None:
    make_small_project(root)
    translate(root)


def export(capsys, root: Path, folder: Path, language: str = "fr", game: str = "alpha") -> Path:
    code, _, err = run_cli(capsys, "--root", str(root), "i18n", "export", language, "--game", game, "-o", str(folder))
    assert code == 0, err
    return folder / f"{game}.{language}.po"


WINNER = "After {scoring.rounds} rounds, each player adds up the points they scored; the highest total wins."
NEW_WINNER = "After {scoring.rounds} rounds, the player with the most points wins."


def commit_english_edit(root: Path, new: str = NEW_WINNER) -> None:
    """The English of alpha's rule.winner changes, in a commit of the history (translated_history)."""
    edit(root, "rules/alpha/en.yaml", f"text: {WINNER}", f"text: {new}")
    subprocess.run([*GIT, "-C", str(root), "commit", "-qam", "English edit"], check=True)


def with_site_sources(root: Path, *, package: bool = True) -> Path:
    """The fixture project at root with what a build reads besides its content (as copy_site_sources
    has them): mkdocs.yml and the hand-written assets; with `package`, the toolkit's package too, for
    an authoring command in a process of its own (as authoring.copy_whole_project has it)."""
    from conftest import FIXTURE_LANGUAGES, ROOT, drop_site_language
    from rulebook.load.project import load_project

    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    for language in load_project(ROOT).project.languages:  # the project's languages beside the fixture's
        if language not in FIXTURE_LANGUAGES:
            drop_site_language(root / "mkdocs.yml", language)
    shutil.copytree(ROOT / "docs" / "assets", root / "docs" / "assets")
    if package:
        shutil.copytree(ROOT / "tools", root / "tools", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    return root


def copy_small_project(
    tmp_path_factory: pytest.TempPathFactory, target: Path, *, site: bool = False, translated: bool = False
) -> Path:
    """A copy at target of the small project (conftest.make_small_project), or of the translated one,
    made once a run; with `site`, what a build reads besides (with_site_sources, without the package)."""
    made = (
        made_once(tmp_path_factory, "translated-project", make_translated_project)
        if translated
        else made_once(tmp_path_factory, "small-project", make_small_project)
    )
    shutil.copytree(made, target, dirs_exist_ok=True)
    return with_site_sources(target, package=False) if site else target


# beta's rules as a publisher's text, and its coverage map (add_source_map).
SOURCE_TEXT = "The game is for 2 to 4 players.\nKeep the box closed.\n"
SOURCE_MAP = "rules/beta/sources/original.coverage.yaml"
SOURCE_MAP_TEXT = """\
# yaml-language-server: $schema=../../../schemas/coverage.schema.json
source: original.txt
language: en
units:
  rule.players:
  - The game is for 2 to 4 players.
not_rules:
- text: Keep the box closed.
  why: advice on storage, not a rule
"""


def add_source_map(root: Path) -> Path:
    """beta's source (sources/original.txt) made a publisher's two sentences, the first carried by
    rule.players, the second no rule, as its coverage map (SOURCE_MAP) records them."""
    (root / "rules/beta/sources/original.txt").write_text(SOURCE_TEXT, encoding="utf-8")
    (root / SOURCE_MAP).write_text(SOURCE_MAP_TEXT, encoding="utf-8")
    return root


def add_rules(root: Path, count: int) -> list[str]:
    """`count` more rules at the end of alpha's one section, each with the same English; their unit ids."""
    ids = [f"extra-{chr(ord('a') + n)}" if n < 26 else f"extra-{n}" for n in range(count)]
    edit(root, "rules/alpha/game.yaml", "rules: [players, winner]", f"rules: [players, winner, {', '.join(ids)}]")
    words = root / "rules/alpha/en.yaml"
    added = "".join(f"  rule.{rule}:\n    text: One more rule of the game.\n" for rule in ids)
    words.write_text(words.read_text(encoding="utf-8") + added, encoding="utf-8")
    return [f"rule.{rule}" for rule in ids]


WINNER_SOURCE_MAP = "rules/alpha/sources/original.coverage.yaml"


def add_winner_source_map(root: Path) -> Path:
    """alpha's source (sources/original.txt) made a publisher's one sentence, which rule.winner
    carries as it reads filled in (3 rounds), and its coverage map (WINNER_SOURCE_MAP)."""
    sentence = "After 3 rounds, each player adds up the points they scored; the highest total wins."
    (root / "rules/alpha/sources/original.txt").write_text(sentence + "\n", encoding="utf-8")
    header = "# yaml-language-server: $schema=../../../schemas/coverage.schema.json\n"
    body = f"source: original.txt\nlanguage: en\nunits:\n  rule.winner:\n  - {sentence}\nnot_rules: []\n"
    (root / WINNER_SOURCE_MAP).write_text(header + body, encoding="utf-8")
    return root


def with_glossary(root: Path, game: str = "alpha", *, kept: bool = True) -> Path:
    """The project's own glossary (its symbols, pictures, terms and translations) copied into the
    fixture project at root and given to `game`, which prices none of its examples (issue 50:
    files/scorers.glossary_price is None), so the glossary is shown with its tiles alone. With `kept`,
    as if written for that game: `game` gets the facts the glossary keeps to (count_fact, hand_fact)
    with the real game's values, and the glossary's words name `game` where they named the real one."""
    import yaml

    from conftest import ROOT

    shutil.copytree(ROOT / "glossary", root / "glossary")
    languages = yaml.safe_load((root / "rules" / "project.yaml").read_text(encoding="utf-8"))["languages"]
    for words in (root / "glossary").glob("*.yaml"):  # the words of languages the fixture has not
        if words.stem not in (*languages, "symbols", "terms"):
            words.unlink()
    symbols = root / "glossary" / "symbols.yaml"
    text = symbols.read_text(encoding="utf-8")
    text, count = re.subn(r"^game: [a-z0-9-]+$", f"game: {game}", text, count=1, flags=re.MULTILINE)
    assert count == 1, "the glossary names no game"
    symbols.write_text(text, encoding="utf-8")
    if not kept:
        return root
    data = yaml.safe_load((ROOT / "glossary" / "symbols.yaml").read_text(encoding="utf-8"))
    real = yaml.safe_load((ROOT / "rules" / data["game"] / "game.yaml").read_text(encoding="utf-8"))
    facts = {}
    for fact in (data["count_fact"], data["hand_fact"]):
        group, name = fact.split(".")
        facts.setdefault(group, {})[name] = real["facts"][group][name]
    added = "".join(
        f"  {group}:\n" + "".join(f"    {name}: {value}\n" for name, value in names.items())
        for group, names in facts.items()
    )
    edit(root, f"rules/{game}/game.yaml", "\nfacts:\n", f"\nfacts:\n{added}")
    ours = yaml.safe_load((root / "rules" / game / "game.yaml").read_text(encoding="utf-8"))["name"]
    for words in sorted((root / "glossary").glob("*.yaml")):
        if words.name not in ("symbols.yaml", "terms.yaml"):
            words.write_text(words.read_text(encoding="utf-8").replace(real["name"], ours), encoding="utf-8")
    return root


def with_typography(root: Path) -> Path:
    """The project's own typography per language (rules/project.yaml: French spaces and quotes,
    Czech quotes and one-letter words tied to the next) given to the fixture project at root."""
    from conftest import ROOT

    real = (ROOT / "rules" / "project.yaml").read_text(encoding="utf-8")
    found = re.search(r"^typography:\n(?:  .*\n)+", real, flags=re.MULTILINE)
    assert found is not None, "the project has no typography"
    project = root / "rules" / "project.yaml"
    project.write_text(project.read_text(encoding="utf-8") + found.group(0), encoding="utf-8")
    return root


# Two more worked examples of alpha (scored over 3 rounds), each with its English caption, worked out
# by hand: four-rounds is refused (score.too-many-rounds: Ann's 4 rounds, n 4, rounds 3); in a-tie Ann
# scores 1 + 2 + 3 = 6 and Bob 6 in one round, and both win.
MORE_EXAMPLES = """\
  - id: four-rounds
    rules: [winner]
    input:
      players: {Ann: [1, 1, 1, 1], Bob: [2]}
    expect: {refused: score.too-many-rounds}
  - id: a-tie
    rules: [winner]
    input:
      players: {Ann: [1, 2, 3], Bob: [6]}
    expect: {scores: {Ann: 6, Bob: 6}, winners: [Ann, Bob], tiebreak: true}
"""
MORE_CAPTIONS = """\
  example.four-rounds:
    text: Ann writes down points for four rounds, one more than the game has.
  example.a-tie:
    text: Ann scores 1, 2 and 3, 6 points; Bob 6 in one round. Both have the highest total and both win.
"""


def add_examples(root: Path) -> Path:
    """alpha's examples four-rounds and a-tie (MORE_EXAMPLES) after highest-total, captioned in English
    alone (a translation shows the English caption with its notice)."""
    game = root / "rules/alpha/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + MORE_EXAMPLES, encoding="utf-8")
    words = root / "rules/alpha/en.yaml"
    words.write_text(words.read_text(encoding="utf-8") + MORE_CAPTIONS, encoding="utf-8")
    return root


def translate_units(root: Path, game: str, language: str, units: dict[str, str]) -> None:
    """`units` of the game at root translated into `language` through `i18n export`, the translator's
    edit of the PO file and `i18n import`, as translate() does for every unit; the PO file is left out."""
    folder = root.parent / f"{root.name}-po-{language}"
    quiet(["--root", str(root), "i18n", "export", language, "--game", game, "-o", str(folder)])
    po = folder / f"{game}.{language}.po"
    catalog = polib.pofile(str(po))
    assert set(units) <= {entry.msgctxt for entry in catalog}, (game, language)
    for entry in catalog:
        if entry.msgctxt in units:
            entry.msgstr = units[entry.msgctxt]
    catalog.save(str(po))
    quiet(["--root", str(root), "i18n", "import", str(po)])
    shutil.rmtree(folder)


# alpha's editions after its first (record_corrections, record_alpha_erratum), for the tests of
# editions, errata and the as-of pages: what each adds, in the words of each language.
ALPHA_TURN = {  # edition 1.0.1: a section of three rules, a referee note on the winner and its worked example
    "en": {
        "example.tie": "Ann scores 3, 3 and 3, Bob 4, 4 and 1: 9 points each, and both win.",
        "section.turn": "Turn",
        "rule.draw": "Draw two cards.",
        "rule.pass": "A player who cannot play may pass.",
        "rule.discard": "Discard one card at the end of the turn.",
        "ruling.shared-win.question": "Do players with the same highest total share the win?",
        "ruling.shared-win.answer": "Yes, each of them wins.",
        "ruling.shared-win.why": "The rules name no tiebreaker.",
    },
    "fr": {
        "example.tie": f"Ann marque 3, 3 et 3, Bob 4, 4 et 1{NBSP}: 9 points chacun, et tous deux l’emportent.",
        "section.turn": "Tour",
        "rule.draw": "Piochez deux cartes.",
        "rule.pass": "Un joueur qui ne peut pas jouer peut passer.",
        "rule.discard": "Défaussez une carte à la fin du tour.",
        "ruling.shared-win.question": f"Les joueurs à égalité au plus haut total partagent-ils la victoire{NNBSP}?",
        "ruling.shared-win.answer": "Oui, chacun d’eux l’emporte.",
        "ruling.shared-win.why": "Les règles ne prévoient aucun départage.",
    },
    "cs": {
        "example.tie": "Ann získá 3, 3 a 3, Bob 4, 4 a 1: každý 9 bodů, a vyhrávají oba.",
        "section.turn": "Tah",
        "rule.draw": "Vezměte si dvě karty.",
        "rule.pass": "Hráč, který nemůže hrát, smí pasovat.",
        "rule.discard": "Na konci tahu odhoďte jednu kartu.",
        "ruling.shared-win.question": "Dělí se hráči se stejným nejvyšším součtem o vítězství?",
        "ruling.shared-win.answer": "Ano, vyhrává každý z nich.",
        "ruling.shared-win.why": "Pravidla neurčují žádný rozstřel.",
    },
}
ALPHA_TIE_EXAMPLE = """\
  - id: tie
    rules: [winner]
    rulings: [shared-win]
    input:
      players: {Ann: [3, 3, 3], Bob: [4, 4, 1]}
    expect: {scores: {Ann: 9, Bob: 9}, winners: [Ann, Bob], tiebreak: true}
rulings:
  - id: shared-win
    rules: [winner]
"""
ALPHA_TURN_SUMMARY = "The turn, and a referee note on ties."
# Edition 1.0.2, the corrections: the referee note's answer alone, followed in both translations.
SHARED_WIN_ANSWER = {"en": "Yes, they all win.", "fr": "Oui, ils gagnent tous.", "cs": "Ano, vyhrávají všichni."}
CORRECTIONS_SUMMARY = "Corrections: the referee note on ties."
# Edition 1.1, the erratum: a rule inserted before winner (1.2, which becomes 1.3), draw reworded
# (followed in French, pending in Czech), pass removed (2.2, so that discard becomes 2.2).
ERRATUM_INSERTED = "Players with the same total share the win."
ERRATUM_INSERTED_FR = "Les joueurs à égalité de total partagent la victoire."
DRAW_OLD = "Draw two cards."
DRAW_NEW = "Draw three cards."
DRAW_FR_OLD = "Piochez deux cartes."
DRAW_FR_NEW = "Piochez trois cartes."
ERRATUM_SUMMARY = "An erratum: ties, drawing, and passing."
ERRATUM_SUMMARY_FR = f"Un erratum{NBSP}: les égalités, la pioche et le passe."


def _alpha_unit(text: str, english: str | None = None) -> str:
    """A unit of a words file: its text, with the hash of the English it translates, status draft."""
    import json

    from rulebook.model import source_hash

    quoted = json.dumps(text, ensure_ascii=False)
    if english is None:
        return f"    text: {quoted}\n"
    return f'    text: {quoted}\n    source: "{source_hash(english)}"\n    status: draft\n'


def _append_alpha_units(root: Path, game: str, language: str, units: dict[str, str]) -> None:
    words = root / "rules" / game / f"{language}.yaml"
    english = ALPHA_TURN["en"] | {"edition.1-0-1": ALPHA_TURN_SUMMARY, "edition.1-0-2": CORRECTIONS_SUMMARY}
    english |= {"edition.1-1": ERRATUM_SUMMARY, "rule.same-total": ERRATUM_INSERTED}
    added = "".join(
        f"  {unit}:\n" + _alpha_unit(text, None if language == "en" else english[unit]) for unit, text in units.items()
    )
    words.write_text(words.read_text(encoding="utf-8") + added, encoding="utf-8")


def first_day(root: Path, game: str = "alpha") -> str:
    """The day of the game's first edition (the day the fixture was made), as its editions.yaml records it."""
    found = re.search(r'date: "(\d{4}-\d\d-\d\d)"', (root / f"rules/{game}/editions.yaml").read_text(encoding="utf-8"))
    assert found is not None
    return found.group(1)


def record_corrections(root: Path) -> Path:
    """On the translated project: alpha completed (ALPHA_TURN: a section turn of three rules, 2.1 draw, 2.2
    pass, 2.3 discard, the referee note shared-win on winner and its worked example tie, each unit
    translated into French and Czech) and recorded as edition 1.0.1, its summary translated into
    French; then the note's answer corrected in all three languages (SHARED_WIN_ANSWER) and recorded as 1.0.2,
    which changes no rule.
    Every edition has the day of alpha's first (first_day): an edition may not come before it."""
    day = first_day(root)
    edit(
        root,
        "rules/alpha/game.yaml",
        "    rules: [players, winner]\n",
        "    rules: [players, winner]\n  - id: turn\n    rules: [draw, pass, discard]\n",
    )
    game = root / "rules/alpha/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + ALPHA_TIE_EXAMPLE, encoding="utf-8")
    for language, units in ALPHA_TURN.items():
        _append_alpha_units(root, "alpha", language, units)
    quiet(["--root", str(root), "edition", "new", "alpha", "1.0.1", "--date", day, "--summary", ALPHA_TURN_SUMMARY])
    _append_alpha_units(root, "alpha", "fr", {"edition.1-0-1": "Le tour, et une note d’arbitrage sur les égalités."})
    for language, answer in SHARED_WIN_ANSWER.items():
        old = _alpha_unit(
            ALPHA_TURN[language]["ruling.shared-win.answer"],
            None if language == "en" else ALPHA_TURN["en"]["ruling.shared-win.answer"],
        )
        new = _alpha_unit(answer, None if language == "en" else SHARED_WIN_ANSWER["en"])
        edit(root, f"rules/alpha/{language}.yaml", old, new)
    quiet(["--root", str(root), "edition", "new", "alpha", "1.0.2", "--date", day, "--summary", CORRECTIONS_SUMMARY])
    quiet(["--root", str(root), "check"])
    return root


def record_alpha_erratum(root: Path) -> Path:
    """After record_corrections: alpha's erratum, made as an author makes it, recorded as edition 1.1
    (the day of alpha's first) with its summary translated into French: rule.same-total (ERRATUM_INSERTED)
    inserted before winner, in French too; draw reworded (DRAW_NEW), followed in French, its Czech
    left pending; pass removed by `rulebook rule delete`."""
    from rulebook.model import source_hash

    edit(root, "rules/alpha/game.yaml", "rules: [players, winner]", "rules: [players, same-total, winner]")
    _append_alpha_units(root, "alpha", "en", {"rule.same-total": ERRATUM_INSERTED})
    _append_alpha_units(root, "alpha", "fr", {"rule.same-total": ERRATUM_INSERTED_FR})
    edit(root, "rules/alpha/en.yaml", _alpha_unit(DRAW_OLD), _alpha_unit(DRAW_NEW))
    edit(root, "rules/alpha/fr.yaml", _alpha_unit(DRAW_FR_OLD, DRAW_OLD), _alpha_unit(DRAW_FR_NEW, DRAW_NEW))
    assert source_hash(DRAW_OLD) in (root / "rules/alpha/cs.yaml").read_text(encoding="utf-8")
    quiet(["--root", str(root), "rule", "delete", "alpha", "pass"])
    day = first_day(root)
    quiet(["--root", str(root), "edition", "new", "alpha", "1.1", "--date", day, "--summary", ERRATUM_SUMMARY])
    _append_alpha_units(root, "alpha", "fr", {"edition.1-1": ERRATUM_SUMMARY_FR})
    quiet(["--root", str(root), "check"])
    return root


# Each language's long date (CLDR: "December 6, 2026", "6 décembre 2026", "6. prosince 2026"), by hand.
WRITTEN_MONTHS = {
    "en": [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ],
    "fr": [
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ],
    "cs": [
        "ledna",
        "února",
        "března",
        "dubna",
        "května",
        "června",
        "července",
        "srpna",
        "září",
        "října",
        "listopadu",
        "prosince",
    ],
}


def written_date(language: str, day: str) -> str:
    """The day (YYYY-MM-DD) as a page in that language writes it in full."""
    year, month, date = (int(part) for part in day.split("-"))
    name = WRITTEN_MONTHS[language][month - 1]
    return {"en": f"{name} {date}, {year}", "fr": f"{date} {name} {year}", "cs": f"{date}. {name} {year}"}[language]


# alpha's scorer given a second refusal, for the tests of worked examples and `rulebook score` (test_examples,
# test_score): a round's points must be one of the fact scoring.round_points (0 to 6, so that the fixture's
# examples and scoring cases still score), which the refusal lists in the reader's language; and alpha's two
# refusals in the French and Czech UI catalogs, as translators give them (Czech has three plural forms: 1;
# 2 to 4; 5 and more).
SCORING_ROUND_POINTS = "    rounds: 3\n    round_points: [0, 1, 2, 3, 4, 5, 6]\n"
SCORING_REFUSAL = """    "score.round-points": N_("a round scores {values}, not {value}"),\n"""
SCORING_CHECK = """\
    allowed = facts["scoring"]["round_points"]
    problems += [
        (("players", name, index), refusal(REFUSALS, "score.round-points", values=sorted(allowed), value=value))
        for name, points in players.items()
        for index, value in enumerate(points)
        if value not in allowed
    ]
"""
SCORING_CATALOGS = {
    "fr": """
msgid "{n} round scored, but the game has only {rounds}"
msgid_plural "{n} rounds scored, but the game has only {rounds}"
msgstr[0] "{n} manche comptée, mais le jeu n’en a que {rounds}"
msgstr[1] "{n} manches comptées, mais le jeu n’en a que {rounds}"

msgid "a round scores {values}, not {value}"
msgstr "une manche rapporte {values}, pas {value}"
""",
    "cs": """
msgid "{n} round scored, but the game has only {rounds}"
msgid_plural "{n} rounds scored, but the game has only {rounds}"
msgstr[0] "{n} započítané kolo, ale hra má jen {rounds}"
msgstr[1] "{n} započítaná kola, ale hra má jen {rounds}"
msgstr[2] "{n} započítaných kol, ale hra má jen {rounds}"

msgid "a round scores {values}, not {value}"
msgstr "kolo přináší {values}, ne {value}"
""",
}


def scoring_round_points(root: Path) -> Path:
    """alpha at root (the small project or the translated one) given the refusal score.round-points of a
    round's points outside scoring.round_points (SCORING_ROUND_POINTS), and the catalogs SCORING_CATALOGS."""
    edit(root, "rules/alpha/game.yaml", "    rounds: 3\n", SCORING_ROUND_POINTS)
    edit(root, "rules/alpha/scoring.py", "REFUSALS = {\n", "REFUSALS = {\n" + SCORING_REFUSAL)
    edit(root, "rules/alpha/scoring.py", "    if problems:\n", SCORING_CHECK + "    if problems:\n")
    for language, entries in SCORING_CATALOGS.items():
        catalog = root / f"locales/{language}/LC_MESSAGES/messages.po"
        catalog.write_text(catalog.read_text(encoding="utf-8") + entries, encoding="utf-8")
    return root


# A scoring erratum of alpha (test_fact_errata, test_publisher_journeys): the game goes from 3 rounds
# to 2, so that its worked example highest-total loses its third round (the scorer refuses it): Ann
# scores 3 + 2 = 5 and Bob 5 + 1 = 6, who now wins. The captions of highest-total before and after it.
ROUNDS_ERRATUM_CAPTION_EN = (
    "Ann scores 3, 2 and 4, 9 points; Bob 5, 1 and 2, 8 points. Ann has the highest total and wins.",
    "Ann scores 3 and 2, 5 points; Bob 5 and 1, 6 points. Bob has the highest total and wins.",
)
ROUNDS_ERRATUM_CAPTION_FR = (
    f"Ann marque 3, 2 et 4, soit 9 points{NNBSP}; Bob 5, 1 et 2, soit 8 points. Ann a le plus haut total.",
    f"Ann marque 3 et 2, soit 5 points{NNBSP}; Bob 5 et 1, soit 6 points. Bob a le plus haut total.",
)
ROUNDS_ERRATUM_CAPTION_CS = (
    "Ann získá 3, 2 a 4, celkem 9 bodů; Bob 5, 1 a 2, celkem 8 bodů. Vyhrává Ann.",
    "Ann získá 3 a 2, celkem 5 bodů; Bob 5 a 1, celkem 6 bodů. Vyhrává Bob.",
)


def rounds_erratum(root: Path) -> None:
    """alpha's scoring erratum as its author makes it: rounds 3 → 2, the example's input and expectation
    fixed, and its English caption (ROUNDS_ERRATUM_CAPTION_EN); the translations are left to translators."""
    edit(root, "rules/alpha/game.yaml", "    rounds: 3\n", "    rounds: 2\n")
    edit(root, "rules/alpha/game.yaml", "{Ann: [3, 2, 4], Bob: [5, 1, 2]}", "{Ann: [3, 2], Bob: [5, 1]}")
    edit(
        root,
        "rules/alpha/game.yaml",
        "{scores: {Ann: 9, Bob: 8}, winners: [Ann], tiebreak: false}",
        "{scores: {Ann: 5, Bob: 6}, winners: [Bob], tiebreak: false}",
    )
    edit(root, "rules/alpha/en.yaml", *ROUNDS_ERRATUM_CAPTION_EN)


def make_score_lang_project(root: Path) -> None:
    """For the tests of `rulebook score --lang` (test_score_said_in, test_score_languages): the small project
    with alpha's second refusal and both refusals in the French and Czech catalogs (scoring_round_points)."""
    make_small_project(root)
    scoring_round_points(root)
    quiet(["--root", str(root), "check"])
    shutil.rmtree(root / ".cache", ignore_errors=True)


# The quiz of alpha (test_quiz): after record_corrections, alpha's scorer says a situation in its form's words
# (`given`), names the fact its results change with (FACT_WORDS) and scores a situation with one rule misread
# (MISTAKES); a player must have scored every round (score.too-few-rounds), so that the number of rounds is a fact
# the answer needs; and a refused worked example, which the quiz leaves out.
QUIZ_REFUSAL = """    "score.too-few-rounds": N_("{n} rounds scored, of the game's {rounds}"),\n"""
QUIZ_CHECK = """\
    problems += [
        (("players", name), refusal(REFUSALS, "score.too-few-rounds", n=len(points), rounds=rounds))
        for name, points in players.items()
        if len(points) < rounds
    ]
"""
QUIZ_SCORER = """

from rulebook.scoring.given import Given  # noqa: E402
from rulebook.scoring.mistake import Mistake  # noqa: E402

FACT_WORDS = {"scoring.rounds": form_word("Rounds in a game")}


def given(document: Mapping[str, Any], facts: Mapping[str, Any]) -> list[Given]:
    return [
        Given(FORM_WORDS["round_n"], value, params={"n": n}, group="{player}", group_params={"player": name})
        for name, points in document["players"].items()
        for n, value in enumerate(points, 1)
    ]


def _rounds(document: Mapping[str, Any], facts: Mapping[str, Any], kept: slice, rounds: int) -> Outcome:
    players = {name: list(points)[kept] for name, points in document["players"].items()}
    return evaluate({"players": players}, {**facts, "scoring": {**facts["scoring"], "rounds": rounds}})


MISTAKES = (
    # Refused: a round more than the game has is asked of every player.
    Mistake(N_("One round too many."), "winner", lambda d, f: _rounds(d, f, slice(None), f["scoring"]["rounds"] + 1)),
    # The same answer as the rules': no choice.
    Mistake(N_("The rounds added backwards."), "winner", lambda d, f: _rounds(d, f, slice(None, None, -1), 3)),
    Mistake(N_("Only the last round counts."), "winner", lambda d, f: _rounds(d, f, slice(-1, None), 1)),
    Mistake(N_("The first round is left out."), "winner", lambda d, f: _rounds(d, f, slice(1, None), 2)),
    # A third wrong choice: never offered, the quiz gives two.
    Mistake(N_("Only the first round counts."), "players", lambda d, f: _rounds(d, f, slice(None, 1), 1)),
)
"""
QUIZ_REFUSED_EXAMPLE = """\
  - id: four-rounds
    rules: [winner]
    input:
      players: {Ann: [1, 2, 3, 4], Bob: [1, 1, 1]}
    expect: {refused: score.too-many-rounds}
"""
# A second referee note: it supplies the number of rounds (assumes it) and presumes shared-win.
QUIZ_RULING = """\
  - id: three-rounds
    rules: [players]
    assumes: [scoring.rounds]
    presumes: [shared-win]
"""
QUIZ_RULING_UNITS = {
    "en": {
        "question": "How many rounds does a game last?",
        "answer": "Three: the sources give no number, and the project plays three.",
        "why": "The rules in the box leave it out.",
    },
    "fr": {
        "question": f"Combien de manches dure une partie{NNBSP}?",
        "answer": f"Trois{NBSP}: les sources ne donnent aucun nombre, et le projet en joue trois.",
        "why": "Les règles de la boîte ne le disent pas.",
    },
    "cs": {
        "question": "Kolik kol má jedna hra?",
        "answer": "Tři: zdroje žádný počet neuvádějí a projekt hraje tři.",
        "why": "Pravidla v krabici to neuvádějí.",
    },
}
QUIZ_REFUSED_CAPTION = {
    "en": "Ann scores in four rounds: the game has three.",
    "fr": "Ann marque en quatre manches : le jeu n’en a que trois.".replace(" :", f"{NBSP}:"),
    "cs": "Ann boduje ve čtyřech kolech: hra jich má tři.",
}


def quiz_alpha(root: Path) -> Path:
    """alpha at root (after record_corrections) with a quiz: QUIZ_SCORER, QUIZ_CHECK, the refused example
    four-rounds (QUIZ_REFUSED_EXAMPLE, captioned in every language) put before its rulings, and the ruling
    three-rounds (QUIZ_RULING, QUIZ_RULING_UNITS) after shared-win, named by the example highest-total."""
    edit(root, "rules/alpha/scoring.py", "REFUSALS = {\n", "REFUSALS = {\n" + QUIZ_REFUSAL)
    edit(root, "rules/alpha/scoring.py", "    if problems:\n", QUIZ_CHECK + "    if problems:\n")
    scoring = root / "rules/alpha/scoring.py"
    scoring.write_text(scoring.read_text(encoding="utf-8") + QUIZ_SCORER, encoding="utf-8")
    edit(root, "rules/alpha/game.yaml", "rulings:\n", QUIZ_REFUSED_EXAMPLE + "rulings:\n")
    game = root / "rules/alpha/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + QUIZ_RULING, encoding="utf-8")
    # A ruling that assumes a fact has a worked example that names it, and the ruling it presumes.
    named = "  - id: highest-total\n    rulings: [shared-win, three-rounds]\n"
    edit(root, "rules/alpha/game.yaml", "  - id: highest-total\n", named)
    for language, caption in QUIZ_REFUSED_CAPTION.items():
        english = None if language == "en" else QUIZ_REFUSED_CAPTION["en"]
        words = root / "rules/alpha" / f"{language}.yaml"
        unit = "  example.four-rounds:\n" + _alpha_unit(caption, english)
        for part, text in QUIZ_RULING_UNITS[language].items():
            source = None if language == "en" else QUIZ_RULING_UNITS["en"][part]
            unit += f"  ruling.three-rounds.{part}:\n" + _alpha_unit(text, source)
        words.write_text(words.read_text(encoding="utf-8") + unit, encoding="utf-8")
    quiet(["--root", str(root), "check"])
    shutil.rmtree(root / ".cache", ignore_errors=True)
    return root


def make_fixture_site(root: Path) -> None:
    """The browser tier's fixture site (conftest.fixture_site): the translated project with the project's
    glossary given to alpha (with_glossary), its typography and elisions (fixture_variants.with_elisions),
    alpha's examples four-rounds and a-tie (add_examples) and its turn section, referee note and editions
    1.0.1 and 1.0.2 (record_corrections), with what a build reads (with_site_sources), checked and built
    into root/site."""
    from conftest import build_site
    from fixture_variants import with_elisions

    make_translated_project(root)
    with_glossary(root)
    with_typography(root)
    with_elisions(root)  # the glossary filter's French « l’ », « d’ », « qu’ » (test_glossary_folding)
    add_examples(root)  # before the referee note: both are appended to game.yaml, and the note ends it
    record_corrections(root)
    with_site_sources(root, package=False)
    quiet(["--root", str(root), "check"])
    build_site(root, root / "site")
