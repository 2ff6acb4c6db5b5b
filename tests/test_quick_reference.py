"""The quick-reference card's data: it cites rules and rulings that exist (on the fixture game alpha,
whose rules are players and winner and which has no ruling); and the project's cards keep the
rulings their worked examples score by."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT, run_cli
from rulebook.load.project import load_project
from rulebook.render.pages import render_pages


def test_a_card_citing_a_rule_or_ruling_the_game_lacks_is_refused(small_project: Path, capsys) -> None:
    card = "quick_reference:\n  end: {rules: [winner]}\n  tie: {rules: [tie-break], rulings: [ties]}\n"
    game = small_project / "rules/alpha/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + card, encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(small_project), "check")
    assert code == 1
    assert "quick_reference.tie.rules: no rule 'tie-break'" in out
    assert "quick_reference.tie.rulings: no ruling 'ties'" in out
    assert "quick_reference.end" not in out  # winner is alpha's rule 1.2


@pytest.mark.content
def test_the_card_keeps_the_rulings_a_worked_example_scores_by() -> None:
    """Not only rulings with a number: a ruling on a scoring rule that a worked example's score rests
    on (not a refusal's) is on the card, in every language; a ruling on no scoring rule that the card
    does not name for the end or a tie stays off: the card is one page. The project's games and
    languages, whatever they are."""
    project = load_project(ROOT).project
    pages = {page.path: page.text for page in render_pages(project)}
    kept = off = 0
    for game in project.games:
        scored_by = {
            ruling for example in game.examples if "refused" not in example.expect for ruling in example.rulings
        }
        named = {ruling for part in game.card.values() for ruling in part.rulings}
        for language in project.languages:
            card = pages[f"{language}/quick-reference/{game.id}.md"]
            for ruling in game.rulings:
                link = f"(../{game.id}.md#ruling-{ruling.id})"
                if ruling.id in scored_by and set(ruling.rules) & set(game.scoring_rules):
                    assert link in card, (language, game.id, ruling.id)
                    kept += 1
                elif not set(ruling.rules) & set(game.scoring_rules) and ruling.id not in named:
                    assert link not in card, (language, game.id, ruling.id)
                    off += 1
    assert kept and off  # the project has both kinds: the test looked at something


def test_a_card_heads_only_the_parts_it_has(small_project: Path) -> None:
    """beta has no scoring rule (no worked example) and names no end or tie: its card has no heading
    over nothing. alpha's card has Scoring alone, with its rule 1.2, winner, the rule its example
    scores by."""
    pages = {page.path: page.text for page in render_pages(load_project(small_project).project)}
    for language in ("en", "fr", "cs"):
        beta, alpha = pages[f"{language}/quick-reference/beta.md"], pages[f"{language}/quick-reference/alpha.md"]
        assert "rb-card__heading" not in beta, language
        assert alpha.count("rb-card__heading") == 1 and "#winner" in alpha, language
    assert '<p class="rb-card__heading" markdown>**Scoring**</p>' in pages["en/quick-reference/alpha.md"]
    assert "rb-card__heading" not in pages["en/beta.md"]  # the card folded on the game page
