"""Issue 46: an erratum, end to end. Each test is one publisher's journey on a fresh copy of a
project, step by step through the `rulebook` command, and the project stays green after every step
(tests/publisher.py `green`: `rulebook check` and `rulebook build --strict`). No step edits a hash:
translators act through PO files.

The project is the translated fixture (fixture_games.py) with alpha's editions 1.0.1 and 1.0.2
(record_corrections), what a build reads besides, and its PO files as `i18n sync` writes them: what a
publisher's clone holds. Expectations come from alpha's rules as written, numbers counted by hand from
its sections: 1 overview [1.1 players, 1.2 winner], 2 turn [2.1 draw, 2.2 pass, 2.3 discard]; the
referee note shared-win; the worked example highest-total (Ann 3 + 2 + 4 = 9, Bob 5 + 1 + 2 = 8);
every unit in French and Czech. Each new edition has the day of alpha's first (first_day): an edition
may not come before the latest.

The print step of the same journeys is tests/browser/test_publisher_print.py (it needs Chromium)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import edit, made_once
from fixture_games import (
    DRAW_NEW,
    DRAW_OLD,
    ROUNDS_ERRATUM_CAPTION_FR,
    copy_small_project,
    first_day,
    record_corrections,
    rounds_erratum,
)
from publisher import change_entry, green, ok, page, rulebook, translate, waiting

pytestmark = pytest.mark.slow


@pytest.fixture
def root(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Path:
    """A fresh copy of the publisher's project (made once a run), safe to change."""

    def make(folder: Path) -> None:
        copy_small_project(tmp_path_factory, folder, site=True, translated=True)
        record_corrections(folder)
        ok(folder, "i18n", "sync")

    made = made_once(tmp_path_factory, "publisher-journeys-project", make)
    return shutil.copytree(made, tmp_path / "project")


def record(root: Path, version: str, summary: str) -> None:
    ok(root, "edition", "new", "alpha", version, "--date", first_day(root), "--summary", summary)


def reword_draw(root: Path) -> None:
    """An erratum to alpha 2.1, in English only ("Draw two cards." → "Draw three cards."): its
    translations are pending from here on."""
    edit(root, "rules/alpha/en.yaml", f'"{DRAW_OLD}"', f'"{DRAW_NEW}"')


REVEAL = "Before you draw, you may show one card."


def insert_reveal(root: Path, after: str = "draw") -> None:
    """A rule inserted into alpha's section 2 ([draw, pass, discard]), after `after` ("" for first),
    in English only."""
    rules = "rules: [draw, pass, discard]"
    inserted = rules.replace(f"{after}, ", f"{after}, reveal, ") if after else rules.replace("[", "[reveal, ")
    edit(root, "rules/alpha/game.yaml", rules, inserted)
    words = root / "rules/alpha/en.yaml"
    words.write_text(words.read_text(encoding="utf-8") + f"  rule.reveal:\n    text: {REVEAL}\n", encoding="utf-8")


def test_a_reworded_rule_with_pending_translations_then_the_translator_catches_up(root: Path) -> None:
    """The old failure (ef745d9): an edition recorded while a translation is pending failed every
    later strict build, and the change lists kept "translation pending" after the translator caught up."""
    reword_draw(root)
    green(root)
    record(root, "1.1", "Three cards are drawn.")
    site = green(root)
    french = change_entry(page(site, "fr/alpha/changes"), "change-1-1-draw")
    assert "rb-badge--outdated" in french and 'hreflang="en"' in french  # the link survives the sanitizer
    assert '<p class="rb-diff" lang="en"><span' not in french  # a diff, not a copy
    assert "<del>two</del>" in french and "<ins>three</ins>" in french  # the English change, shown as pending
    assert "rule.draw" in waiting(root, "alpha", "fr")
    cited = json.loads(ok(root, "cite", "alpha", "2.1", "--edition", "1.1", "--lang", "fr", "--json"))
    assert (cited["text_language"], cited["translated_since"], cited["text"]) == ("en", False, DRAW_NEW)

    # The French translator catches up through a PO file; the Czech one has not yet.
    translate(root, "alpha", "fr", "rule.draw", "deux", "trois")
    assert "rule.draw" not in waiting(root, "alpha", "fr")
    cited = json.loads(ok(root, "cite", "alpha", "2.1", "--edition", "1.1", "--lang", "fr", "--json"))
    assert (cited["text_language"], cited["translated_since"], cited["text"]) == ("fr", True, "Piochez trois cartes.")
    site = green(root)
    french = change_entry(page(site, "fr/alpha/changes"), "change-1-1-draw")
    assert "rb-badge--outdated" not in french and 'lang="en"' not in french
    assert "<del>deux</del>" in french and "<ins>trois</ins>" in french
    czech = change_entry(page(site, "cs/alpha/changes"), "change-1-1-draw")
    assert "rb-badge--outdated" in czech and 'lang="en"' in czech
    # Each edition links its page as recorded and its errata sheet, and both exist in the built site.
    listed = page(site, "fr/alpha/changes")
    assert (
        '<a href="../1.1/">' in listed and '<a href="../errata-1.1/">' in listed and 'href="../changes.xml"' in listed
    )
    assert (site / "fr/alpha/1.1/index.html").is_file() and (site / "fr/alpha/errata-1.1/index.html").is_file()
    assert (site / "fr/alpha/changes.xml").is_file()
    # The status page agrees with the change lists: nothing of 1.1 pending in French, one rule in Czech.
    assert _pending_on_status_page(site, "fr", "Alpha 1.1") == 0
    assert _pending_on_status_page(site, "cs", "Alpha 1.1") == 1


def _pending_on_status_page(site: Path, language: str, edition: str) -> int:
    html = page(site, f"{language}/status")
    row = html[html.index(f">{edition}</a>") :]
    cells = row[: row.index("</tr>")].split("<td>")
    return int(cells[-1].split("<")[0])


def test_an_inserted_rule_renumbers_its_section_and_old_numbers_follow(root: Path) -> None:
    # alpha's section 2 is [draw, pass, discard]: 2.1 to 2.3; reveal comes in as 2.2.
    insert_reveal(root)
    green(root)
    record(root, "1.1", "A rule on showing a card.")
    site = green(root)
    cited = json.loads(ok(root, "cite", "alpha", "2.2", "--edition", "1.0.2", "--json"))
    assert (cited["rule_id"], cited["current_number"], cited["changed_since"]) == ("pass", "2.3", False)
    assert json.loads(ok(root, "cite", "alpha", "2.2", "--json"))["rule_id"] == "reveal"
    french = page(site, "fr/alpha/changes")
    added = change_entry(french, "change-1-1-reveal")
    assert "Before you draw" in added and "rb-badge--outdated" in added  # English, marked pending
    for old, new in (("2.2", "2.3"), ("2.3", "2.4")):
        assert f"<td>Alpha {old}</td>\n<td><a href=" in french and f"Alpha {new}</a>" in french
    # The French translator translates the new rule: the change list gives it in French from then on.
    translate(root, "alpha", "fr", "rule.reveal", None, "Avant de piocher, vous pouvez montrer une carte.")
    added = change_entry(page(green(root), "fr/alpha/changes"), "change-1-1-reveal")
    assert "Avant de piocher" in added and "rb-badge--outdated" not in added and 'lang="en"' not in added


def test_a_deleted_rule_is_cited_as_removed_with_a_link_that_lands(root: Path) -> None:
    # alpha 2.2 is pass (section turn, second rule).
    ok(root, "rule", "delete", "alpha", "pass")
    cited = json.loads(ok(root, "cite", "alpha", "2.2", "--edition", "1.0.2", "--json"))
    assert (cited["current_number"], cited["removed_in"]) == (None, "")  # gone, in no edition yet
    green(root)
    record(root, "1.1", "Passing is gone.")
    site = green(root)
    cited = json.loads(ok(root, "cite", "alpha", "2.2", "--edition", "1.0.2", "--lang", "cs", "--json"))
    assert (cited["current_number"], cited["removed_in"]) == (None, "1.1")
    assert cited["link"].endswith("/cs/alpha/changes/#change-1-1-pass")
    assert 'id="change-1-1-pass"' in page(site, "cs/alpha/changes")  # the link lands
    assert (cited["text_language"], cited["text"]) == ("cs", "Hráč, který nemůže hrát, smí pasovat.")  # in Czech


def test_a_changed_fact_quoted_in_three_languages_stays_a_translators_change(root: Path) -> None:
    # alpha 1.2 (winner) quotes scoring.rounds in English, French and Czech.
    edit(root, "rules/alpha/game.yaml", "    rounds: 3\n", "    rounds: 4\n")
    for language in ("fr", "cs"):
        assert "rule.winner" in waiting(root, "alpha", language)
    # Sync and export confirm nothing on the translator's behalf.
    ok(root, "i18n", "sync")
    ok(root, "i18n", "export", "fr")
    for language in ("fr", "cs"):
        assert "rule.winner" in waiting(root, "alpha", language)
    green(root)
    record(root, "1.1", "Four rounds.")
    site = green(root)
    french = page(site, "fr/alpha/changes")
    assert "<code>scoring.rounds</code></td>\n<td>3</td>\n<td>4</td>" in french
    assert 'href="../#winner">Alpha 1.2</a>' in french
    # A fact alone changes no rule's words: no rule is listed as changed.
    assert 'id="change-1-1-winner"' not in french


def test_a_changed_ruling_is_listed_with_its_question(root: Path) -> None:
    edit(root, "rules/alpha/en.yaml", '"Yes, they all win."', '"Yes, they all win together."')
    green(root)
    record(root, "1.1", "The referee note on ties explained.")
    site = green(root)
    french = change_entry(page(site, "fr/alpha/changes"), "change-1-1-ruling-shared-win")
    assert "Les joueurs à égalité au plus haut total partagent-ils la victoire" in french  # its question, in French
    assert "<del>win.</del><ins>win together.</ins>" in french, french
    assert "rb-badge--outdated" in french


def test_a_renamed_rule_keeps_its_citations_and_its_old_anchor(root: Path) -> None:
    ok(root, "rule", "rename", "alpha", "pass", "passing")
    cited = json.loads(ok(root, "cite", "alpha", "2.2", "--edition", "1.0.2", "--lang", "fr", "--json"))
    assert (cited["current_id"], cited["current_number"], cited["removed_in"]) == ("passing", "2.2", None)
    assert cited["link"].endswith("/fr/alpha/#passing")
    assert cited["text"] == "Un joueur qui ne peut pas jouer peut passer."
    green(root)
    record(root, "1.1", "New links.")
    site = green(root)
    assert '<span id="pass"></span>' in page(site, "fr/alpha")  # an old link still lands on the rule
    french = page(site, "fr/alpha/changes")
    assert "Chaque numéro de chaque édition désigne toujours la même règle." in french  # none "removed"
    renamed = change_entry(french, "change-1-1-passing")
    assert "#pass" in renamed
    _, out, _ = rulebook(root, "diff", "alpha", "1.0.2", "1.1")
    assert "renamed    Alpha 2.2 (passing, formerly pass)" in out


def test_a_second_edition_on_top_of_the_first(root: Path) -> None:
    reword_draw(root)
    record(root, "1.1", "Three cards are drawn.")
    green(root)
    insert_reveal(root, after="")
    ok(root, "rule", "rename", "alpha", "draw", "drawing")
    record(root, "1.2", "Showing a card first.")
    site = green(root)
    # 1.0.2's 2.1 is draw, reworded in 1.1, renamed and renumbered to 2.2 in 1.2.
    cited = json.loads(ok(root, "cite", "alpha", "2.1", "--edition", "1.0.2", "--json"))
    assert (cited["current_id"], cited["current_number"], cited["changed_in"]) == ("drawing", "2.2", ["1.1"])
    assert cited["changed_since"] and cited["text"] == DRAW_OLD
    english = page(site, "alpha/changes")
    order = [english.index(f'id="edition-{slug}"') for slug in ("1-2", "1-1", "1-0-2", "1-0-1", "1-0")]
    assert order == sorted(order)  # the latest first
    assert 'id="change-1-2-drawing"' in english and 'id="change-1-1-draw"' in english
    # Both old anchors land on the rule.
    assert '<span id="draw"></span>' in page(site, "alpha")


def rounds_erratum_with_tie(root: Path) -> None:
    """alpha's rounds 3 → 2 (fixture_games.rounds_erratum: highest-total's third round goes, Ann 9 → 5,
    Bob 8 → 6, and Bob wins), and the third round of the example tie too: Ann scores 3 + 3 = 6 and Bob,
    whose second round becomes 2, 4 + 2 = 6; both still win."""
    rounds_erratum(root)
    edit(root, "rules/alpha/game.yaml", "{Ann: [3, 3, 3], Bob: [4, 4, 1]}", "{Ann: [3, 3], Bob: [4, 2]}")
    edit(root, "rules/alpha/game.yaml", "{scores: {Ann: 9, Bob: 9}", "{scores: {Ann: 6, Bob: 6}")
    old, new = "Ann scores 3, 3 and 3, Bob 4, 4 and 1: 9 points each", "Ann scores 3 and 3, Bob 4 and 2: 6 points each"
    edit(root, "rules/alpha/en.yaml", old, new)


def test_a_changed_scoring_value_with_its_examples_and_captions(root: Path) -> None:
    """alpha's rounds 3 → 2, with its two worked examples and their English captions (rounds_erratum_with_tie)."""
    rounds_erratum_with_tie(root)
    # The translated captions still say 9 and 8: outdated (a warning), not a dead end.
    green(root)
    assert "example.highest-total" in waiting(root, "alpha", "fr")
    record(root, "1.1", "Two rounds.")
    site = green(root)
    french = page(site, "fr/alpha/changes")
    assert "<code>scoring.rounds</code></td>\n<td>3</td>\n<td>2</td>" in french
    example = change_entry(french, "change-1-1-example-highest-total")
    assert "<del>9,</del>" in example and "<ins>5,</ins>" in example  # the expected result, old → new
    assert "rb-badge--outdated" in example
    # The translator catches up in the PO file; no hash is edited by hand.
    translate(root, "alpha", "fr", "example.highest-total", *ROUNDS_ERRATUM_CAPTION_FR)
    assert "example.highest-total" not in waiting(root, "alpha", "fr")
    site = green(root)
    example = change_entry(page(site, "fr/alpha/changes"), "change-1-1-example-highest-total")
    # The French caption's diff: Ann's name gives way to Bob's as the one with the highest total.
    assert "rb-badge--outdated" not in example and "<del>Ann</del> <ins>Bob</ins> a le plus haut total." in example
