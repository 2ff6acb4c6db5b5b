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

NBSP = "\u00a0"
# The translations, hand-written: language → game → unit → text.
TRANSLATIONS: dict[str, dict[str, dict[str, str]]] = {
    "fr": {
        "alpha": {
            "summary": "Un jeu pour {players.min} à {players.max} joueurs, dont les règles sont en cours d’écriture.",
            "edition.1-0": "Les règles telles que ce projet les a enregistrées pour la première fois.",
            "section.overview": "Aperçu",
            "rule.players": "Le jeu se joue de {players.min} à {players.max} joueurs.",
            "rule.winner": (
                f"Après {{scoring.rounds}} manches, chaque joueur additionne ses points{NBSP}; "
                "le plus haut total l’emporte."
            ),
            "example.highest-total": (
                "Ann marque 3, 2 et 4, soit 9 points ; Bob 5, 1 et 2, soit 8 points. Ann a le plus haut total."
            ).replace(" ;", f"{NBSP};"),
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
    from conftest import ROOT

    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
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
