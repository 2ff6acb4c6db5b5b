"""Variants of the fixture site (fixture_games.make_fixture_site) for the browser tests that need what
the shared one lacks: rows of glossary tiles drawn under alpha's rules, and a language added by
`rulebook new language`. Each names the fixture games alone (issue 50)."""

from __future__ import annotations

from pathlib import Path

from fixture_games import (
    add_examples,
    make_translated_project,
    quiet,
    record_corrections,
    with_glossary,
    with_site_sources,
    with_typography,
)

# Two rows of tiles under alpha's rules, as an author draws them (game.yaml, `illustrations`): a rebus
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
