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
"""

from __future__ import annotations

from pathlib import Path

from conftest import build_site, edit
from fixture_games import (
    make_translated_project,
    quiet,
    quiz_alpha,
    record_corrections,
    with_site_sources,
    with_typography,
)

# alpha's card, besides its scoring: the turn's last rule says what ends the game, and the winner rule
# with the referee note on a shared win what decides a tie.
FOUR_ROUNDS = "  - id: four-rounds\n    rules: [winner]\n"
HIGHEST_TOTAL = "    rulings: [shared-win, three-rounds]\n    rules: [winner]\n"
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


def make_quiz_site(root: Path) -> None:
    """The translated fixture with the project's typography, record_corrections, quiz_alpha and
    card_alpha, with what a build reads (with_site_sources), built into root/site."""
    make_translated_project(root)
    with_typography(root)
    record_corrections(root)
    quiz_alpha(root)
    card_alpha(root)
    with_site_sources(root, package=False)
    build_site(root, root / "site")
