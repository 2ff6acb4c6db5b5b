"""The fixture site of the browser tests of the quiz, the worked examples' assumptions and the
quick-reference card (issue 50): the translated fixture with alpha's corrections (record_corrections:
the referee note shared-win, the example tie), its quiz (quiz_alpha: a scorer that says its situations,
the refused example four-rounds, the referee note three-rounds that assumes the number of rounds) and
a card of every part (card_alpha).

What the site holds, for tests to work out their expectations from by hand (fixture_games.py has the
words):

- alpha's quiz, in en, fr and cs: highest-total (Ann 3, 2, 4; Bob 5, 1, 2), tie (Ann 3, 3, 3; Bob 4, 4, 1),
  then the open questions shared-win and three-rounds. Each score question offers the right scores and
  two misreadings: the last round alone, and the first round left out.
- alpha's examples highest-total, tie and four-rounds all rest on three-rounds' assumed number of
  rounds: with 4 rounds (or 10) the first two are refused (too few rounds) and four-rounds is refused
  for another reason (Bob's 3 rounds); none is "✓ Verified".
- alpha's card (card_alpha): scoring players, winner and discard, the end discard, the tie winner and
  shared-win.
- four-rounds' refusal (Ann's 4 rounds of 3) in each language's words (translate_too_many_rounds).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import build_site, edit, made_once
from fixture_games import (
    SCORING_CATALOGS,
    make_translated_project,
    quiet,
    quiz_alpha,
    record_corrections,
    with_site_sources,
    with_typography,
)

FOUR_ROUNDS = "  - id: four-rounds\n    rules: [winner]\n"
HIGHEST_TOTAL = "    rulings: [shared-win, three-rounds]\n    rules: [winner]\n"
# alpha's card, besides its scoring: the turn's last rule says what ends the game, and the winner rule
# with the referee note on a shared win what decides a tie.
CARD = "quick_reference:\n  end: {rules: [discard]}\n  tie: {rules: [winner], rulings: [shared-win]}\n"


def card_alpha(root: Path) -> Path:
    """alpha at root (after quiz_alpha) with a card of every part: scoring_rules players, winner and
    discard (highest-total illustrates players and the refused four-rounds discard, as `check` asks of
    a scoring rule), and CARD."""
    edit(root, "rules/alpha/game.yaml", "scoring_rules: [winner]", "scoring_rules: [players, winner, discard]")
    edit(root, "rules/alpha/game.yaml", FOUR_ROUNDS, FOUR_ROUNDS.replace("[winner]", "[winner, discard]"))
    edit(root, "rules/alpha/game.yaml", HIGHEST_TOTAL, HIGHEST_TOTAL.replace("[winner]", "[players, winner]"))
    game = root / "rules/alpha/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + CARD, encoding="utf-8")
    quiet(["--root", str(root), "check"])
    return root


def translate_too_many_rounds(root: Path) -> None:
    """The refusal score.too-many-rounds in the French and Czech UI catalogs, as translators give it
    (SCORING_CATALOGS' first entry: "{n} manches comptées, mais le jeu n’en a que {rounds}", and
    Czech's three plural forms, "{n} započítaná kola" for 2 to 4)."""
    for language, entries in SCORING_CATALOGS.items():
        entry = entries.split('\nmsgid "a round scores')[0]
        assert entry.count("msgid ") == 1, language
        catalog = root / f"locales/{language}/LC_MESSAGES/messages.po"
        catalog.write_text(catalog.read_text(encoding="utf-8") + entry, encoding="utf-8")


def make_quiz_site(root: Path) -> None:
    """The translated fixture with the project's typography, record_corrections, quiz_alpha, card_alpha
    and the refusal of too many rounds translated (translate_too_many_rounds), with what a build reads
    (with_site_sources), built into root/site."""
    make_translated_project(root)
    with_typography(root)
    record_corrections(root)
    quiz_alpha(root)
    card_alpha(root)
    translate_too_many_rounds(root)
    with_site_sources(root, package=False)
    build_site(root, root / "site")


def quiz_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site of make_quiz_site, made once a run for every module that reads it. Not to change."""
    return made_once(tmp_path_factory, "quiz-site", make_quiz_site) / "site"
