"""Variants of the fixture site (fixture_games.make_fixture_site) for the browser tests that need what
the shared one lacks: rows of glossary tiles drawn under alpha's rules, and a language added by
`rulebook new language`. Each names the fixture games alone (issue 50)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fixture_games import (
    add_examples,
    make_translated_project,
    quiet,
    quiz_alpha,
    record_corrections,
    with_glossary,
    with_site_sources,
    with_typography,
)

# Two rows of tiles under alpha's rules, as an author draws them (game.yaml, `illustrations`): a reading
# under players, "I saw" (the eye and the saw); under winner a list of nine tiles, what the glossary's
# rules forbid, drawn as not allowed. Nine tiles fit a hand: with_glossary gives alpha rack_tiles 9.
ILLUSTRATIONS = """\
illustrations:
  - rule: players
    tiles: [eye, saw]
    reads: I saw
  - rule: winner
    tiles: [man, H, A, S, A, cup, oar, and, leaf]
    reads: He has a cup, oar and leaf.
    counter_example: true
"""
ILLUSTRATED_TILES = {"players": 2, "winner": 9}


def with_illustrations(root: Path) -> Path:
    """alpha at root (after with_glossary) with the rows of tiles ILLUSTRATIONS under players and winner."""
    game = root / "rules/alpha/game.yaml"
    text = game.read_text(encoding="utf-8")
    marker = "# The rules that scoring.py beside this file implements"
    assert text.count(marker) == 1, marker
    game.write_text(text.replace(marker, ILLUSTRATIONS + marker), encoding="utf-8")
    return root


def make_illustrated_site(root: Path) -> None:
    """The fixture site (as make_fixture_site makes it) with alpha's illustrations (with_illustrations),
    checked and built into root/site."""
    from conftest import build_site

    make_translated_project(root)
    with_glossary(root)
    with_illustrations(root)
    with_typography(root)
    add_examples(root)
    record_corrections(root)
    with_site_sources(root, package=False)
    quiet(["--root", str(root), "check"])
    build_site(root, root / "site")


def prepare_glossary_project(project: Path) -> None:
    """The translated fixture with the glossary given to alpha and what a build reads, the toolkit's package
    included: a project for an authoring command run in a process of its own (conftest.built_after)."""
    project.mkdir()
    make_translated_project(project)
    with_glossary(project)
    with_site_sources(project)


def with_elisions(root: Path) -> Path:
    """The project's elisions per language (rules/search-words.yaml: French's d’, l’, qu’…) given to the
    fixture project at root as its only search words, so that "d’abeilles" is "abeilles" to the glossary
    filter and to search."""
    import yaml

    from conftest import FIXTURE_LANGUAGES, ROOT

    real = yaml.safe_load((ROOT / "rules" / "search-words.yaml").read_text(encoding="utf-8"))["languages"]
    languages = {
        language: {"elisions": real[language]["elisions"]}
        for language in FIXTURE_LANGUAGES
        if real.get(language, {}).get("elisions")
    }
    assert languages, "the project has no elisions"
    header = "# yaml-language-server: $schema=../schemas/search-words.schema.json\n"
    text = yaml.safe_dump({"languages": languages}, allow_unicode=True, sort_keys=False)
    (root / "rules" / "search-words.yaml").write_text(header + text, encoding="utf-8")
    return root


def make_engine_project(root: Path) -> None:
    """The project the engines build (test_zensical_probe, test_engine_sites): the translated fixture with
    the glossary given to alpha, the project's typography and elisions (with_elisions), alpha's corrections
    (record_corrections) and its quiz (quiz_alpha), and what a build reads; checked, no page written."""
    make_translated_project(root)
    with_glossary(root)
    with_typography(root)
    with_elisions(root)
    record_corrections(root)
    quiz_alpha(root)
    with_site_sources(root, package=False)
    quiet(["--root", str(root), "check"])
    shutil.rmtree(root / ".cache", ignore_errors=True)


def copy_engine_project(tmp_path_factory: pytest.TempPathFactory, target: Path) -> Path:
    """A copy at target of the engines' project (make_engine_project, made once a run): content and
    mkdocs.yml, no page, as git would have it."""
    from conftest import made_once

    made = made_once(tmp_path_factory, "engine-project", make_engine_project)
    shutil.copytree(made, target, dirs_exist_ok=True)
    return target
