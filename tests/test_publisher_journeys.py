"""Issue 46: a real erratum, end to end. Each test is one publisher's journey on a fresh copy of the
project, step by step through the `rulebook` command, and the project stays green after every step
(tests/publisher.py `green`: `rulebook check` and `rulebook build --strict`). Expectations come from
the rules as written (REBUS and Rebis numbers counted by hand from game.yaml's sections), never from
what the code printed. No step edits a hash: translators act through PO files.

The print step of the same journeys is tests/browser/test_publisher_print.py (it needs Chromium)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import edit
from errata import COVERAGE, REMOVED
from publisher import (
    TODAY,
    change_entry,
    fresh_copy,
    gold_erratum,
    green,
    insert_discard_first,
    ok,
    page,
    reword_own_shelf,
    rulebook,
    translate,
    waiting,
)

pytestmark = pytest.mark.slow


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return fresh_copy(tmp_path / "project")


def record(root: Path, version: str, summary: str, game: str = "rebis") -> None:
    ok(root, "edition", "new", game, version, "--date", TODAY, "--summary", summary)


def test_a_reworded_rule_with_pending_translations_then_the_translator_catches_up(root: Path) -> None:
    """The old failure (ef745d9): an edition recorded while a translation is pending failed every
    later strict build, and the change lists kept "translation pending" after the translator caught up."""
    reword_own_shelf(root)
    green(root)
    record(root, "1.1", "The own shelf rule says may.")
    site = green(root)
    french = change_entry(page(site, "fr/rebis/changes"), "change-1-1-own-shelf")
    assert "rb-badge--outdated" in french and 'hreflang="en"' in french  # the link survives the sanitizer
    assert '<p class="rb-diff" lang="en"><span' not in french  # a diff, not a copy
    assert "<del>can</del>" in french and "<ins>may</ins>" in french  # the English change, shown as pending
    assert "rule.own-shelf" in waiting(root, "rebis", "fr")
    cited = json.loads(ok(root, "cite", "rebis", "2.1", "--edition", "1.1", "--lang", "fr", "--json"))
    assert (cited["text_language"], cited["translated_since"]) == ("en", False) and "you may play" in cited["text"]

    # The French translator catches up through a PO file; the Czech one has not yet.
    translate(root, "rebis", "fr", "rule.own-shelf", "vous pouvez jouer", "vous avez le droit de jouer")
    assert "rule.own-shelf" not in waiting(root, "rebis", "fr")
    cited = json.loads(ok(root, "cite", "rebis", "2.1", "--edition", "1.1", "--lang", "fr", "--json"))
    assert (cited["text_language"], cited["translated_since"]) == ("fr", True) and "avez le droit" in cited["text"]
    site = green(root)
    french = change_entry(page(site, "fr/rebis/changes"), "change-1-1-own-shelf")
    assert "rb-badge--outdated" not in french and 'lang="en"' not in french
    assert "<del>pouvez</del>" in french and "<ins>avez le droit de</ins>" in french
    czech = change_entry(page(site, "cs/rebis/changes"), "change-1-1-own-shelf")
    assert "rb-badge--outdated" in czech and 'lang="en"' in czech
    # Each edition links its page as recorded and its errata sheet, and both exist in the built site.
    listed = page(site, "fr/rebis/changes")
    assert (
        '<a href="../1.1/">' in listed and '<a href="../errata-1.1/">' in listed and 'href="../changes.xml"' in listed
    )
    assert (site / "fr/rebis/1.1/index.html").is_file() and (site / "fr/rebis/errata-1.1/index.html").is_file()
    assert (site / "fr/rebis/changes.xml").is_file()
    # The status page agrees with the change lists: nothing of 1.1 pending in French, one rule in Czech.
    assert _pending_on_status_page(site, "fr", "Rebis 1.1") == 0
    assert _pending_on_status_page(site, "cs", "Rebis 1.1") == 1


def _pending_on_status_page(site: Path, language: str, edition: str) -> int:
    html = page(site, f"{language}/status")
    row = html[html.index(f">{edition}</a>") :]
    cells = row[: row.index("</tr>")].split("<td>")
    return int(cells[-1].split("<")[0])


def test_an_inserted_rule_renumbers_its_section_and_old_numbers_follow(root: Path) -> None:
    # Rebis section 2 is [own-shelf, hand-limit, other-shelf, negative-draw]: 2.1 to 2.4.
    insert_discard_first(root)
    green(root)
    record(root, "1.1", "A rule on discarding.")
    site = green(root)
    cited = json.loads(ok(root, "cite", "rebis", "2.2", "--edition", "1.0", "--json"))
    assert (cited["rule_id"], cited["current_number"], cited["changed_since"]) == ("hand-limit", "2.3", False)
    assert json.loads(ok(root, "cite", "rebis", "2.2", "--json"))["rule_id"] == "discard-first"
    french = page(site, "fr/rebis/changes")
    added = change_entry(french, "change-1-1-discard-first")
    assert "Before you draw" in added and "rb-badge--outdated" in added  # English, marked pending
    for old, new in (("2.2", "2.3"), ("2.3", "2.4"), ("2.4", "2.5")):
        assert f"<td>Rebis {old}</td>\n<td><a href=" in french and f"Rebis {new}</a>" in french
    # The French translator translates the new rule: the change list gives it in French from then on.
    translate(root, "rebis", "fr", "rule.discard-first", None, "Avant de piocher, vous pouvez défausser une carte.")
    added = change_entry(page(green(root), "fr/rebis/changes"), "change-1-1-discard-first")
    assert "Avant de piocher" in added and "rb-badge--outdated" not in added and 'lang="en"' not in added


def test_a_deleted_rule_is_cited_as_removed_with_a_link_that_lands(root: Path) -> None:
    # REBUS 2.7 is changing-tiles (section play, seventh rule); the source's sentence becomes a note.
    edit(root, COVERAGE, f"  rule.changing-tiles:\n  - {REMOVED}\n", "")
    with (root / COVERAGE).open("a", encoding="utf-8") as coverage:
        coverage.write(f"- text: {REMOVED}\n  why: removed by the erratum of edition 1.1\n")
    ok(root, "rule", "delete", "rebus", "changing-tiles")
    cited = json.loads(ok(root, "cite", "rebus", "2.7", "--edition", "1.0", "--json"))
    assert (cited["current_number"], cited["removed_in"]) == (None, "")  # gone, in no edition yet
    green(root)
    record(root, "1.1", "Changing tiles is gone.", game="rebus")
    site = green(root)
    cited = json.loads(ok(root, "cite", "rebus", "2.7", "--edition", "1.0", "--lang", "cs", "--json"))
    assert (cited["current_number"], cited["removed_in"]) == (None, "1.1")
    assert cited["link"].endswith("/cs/rebus/changes/#change-1-1-changing-tiles")
    assert 'id="change-1-1-changing-tiles"' in page(site, "cs/rebus/changes")  # the link lands
    assert cited["text_language"] == "cs" and cited["text"]  # what it said, in Czech


def test_a_changed_fact_quoted_in_three_languages_stays_a_translators_change(root: Path) -> None:
    # REBUS 1.3 quotes setup.draw_per_bag in English, French and Czech.
    edit(root, "rules/rebus/game.yaml", "    draw_per_bag: 3\n", "    draw_per_bag: 4\n")
    for language in ("fr", "cs"):
        assert "rule.drawing" in waiting(root, "rebus", language)
    # Sync and export confirm nothing on the translator's behalf.
    ok(root, "i18n", "sync")
    ok(root, "i18n", "export", "fr")
    for language in ("fr", "cs"):
        assert "rule.drawing" in waiting(root, "rebus", language)
    green(root)
    record(root, "1.1", "Four tiles from each bag.", game="rebus")
    site = green(root)
    french = page(site, "fr/rebus/changes")
    assert "<code>setup.draw_per_bag</code></td>\n<td>3</td>\n<td>4</td>" in french
    assert 'href="../#drawing">REBUS 1.3</a>' in french
    # A fact alone changes no rule's words: no rule is listed as changed.
    assert 'id="change-1-1-drawing"' not in french


def test_a_changed_ruling_is_listed_with_its_question(root: Path) -> None:
    edit(
        root,
        "rules/rebis/en.yaml",
        "The rules set no limit on the number of cards.",
        "The rules set no limit on the number of cards on a shelf.",
    )
    green(root)
    record(root, "1.1", "The shelf limit explained.")
    site = green(root)
    french = change_entry(page(site, "fr/rebis/changes"), "change-1-1-ruling-shelf-limit")
    assert "La limite de 13 compte-t-elle les cartes" in french  # its question, in French
    assert "<del>cards.</del><ins>cards on a shelf.</ins>" in french, french
    assert "rb-badge--outdated" in french


def test_a_renamed_rule_keeps_its_citations_and_its_old_anchor(root: Path) -> None:
    ok(root, "rule", "rename", "rebis", "own-shelf", "playing-to-your-shelf")
    cited = json.loads(ok(root, "cite", "rebis", "2.1", "--edition", "1.0", "--lang", "fr", "--json"))
    assert (cited["current_id"], cited["current_number"], cited["removed_in"]) == ("playing-to-your-shelf", "2.1", None)
    assert cited["link"].endswith("/fr/rebis/#playing-to-your-shelf")
    assert cited["text"].startswith("À votre tour")
    green(root)
    record(root, "1.1", "New links.")
    site = green(root)
    assert '<span id="own-shelf"></span>' in page(site, "fr/rebis")  # an old link still lands on the rule
    french = page(site, "fr/rebis/changes")
    assert "Chaque numéro de chaque édition désigne toujours la même règle." in french  # none "removed"
    renamed = change_entry(french, "change-1-1-playing-to-your-shelf")
    assert "#own-shelf" in renamed
    _, out, _ = rulebook(root, "diff", "rebis", "1.0", "1.1")
    assert "renamed    Rebis 2.1 (playing-to-your-shelf, formerly own-shelf)" in out


def test_a_second_edition_on_top_of_the_first(root: Path) -> None:
    reword_own_shelf(root)
    record(root, "1.1", "The own shelf rule says may.")
    green(root)
    insert_discard_first(root, after="")
    ok(root, "rule", "rename", "rebis", "own-shelf", "your-shelf")
    record(root, "1.2", "Discarding first.")
    site = green(root)
    # 1.0's 2.1 is own-shelf, reworded in 1.1, renamed and renumbered to 2.2 in 1.2.
    cited = json.loads(ok(root, "cite", "rebis", "2.1", "--edition", "1.0", "--json"))
    assert (cited["current_id"], cited["current_number"], cited["changed_in"]) == ("your-shelf", "2.2", ["1.1"])
    assert cited["changed_since"] and "you can play" in cited["text"]
    english = page(site, "rebis/changes")
    assert english.index('id="edition-1-2"') < english.index('id="edition-1-1"') < english.index('id="edition-1-0"')
    assert 'id="change-1-2-your-shelf"' in english and 'id="change-1-1-own-shelf"' in english
    # Both old anchors land on the rule.
    assert '<span id="own-shelf"></span>' in page(site, "rebis")


def test_a_changed_scoring_value_with_its_examples_and_captions(root: Path) -> None:
    """The gold token's assumed value 3 → 2 (tests/publisher.py gold_erratum: 72 → 48, 36 → 24)."""
    gold_erratum(root)
    # The translated captions still say 72 and 36: outdated (a warning), not a dead end.
    green(root)
    assert {"example.multiplied-shelf", "example.red-token-placed"} <= waiting(root, "rebis", "fr")
    record(root, "1.1", "Gold tokens count double.")
    site = green(root)
    french = page(site, "fr/rebis/changes")
    assert "<code>token_values.gold</code></td>\n<td>3</td>\n<td>2</td>" in french
    example = change_entry(french, "change-1-1-example-multiplied-shelf")
    assert "<del>72,</del>" in example and "<ins>48,</ins>" in example  # the expected result, old → new
    # The translator catches up in the PO file; no hash is edited by hand.
    translate(root, "rebis", "fr", "example.multiplied-shelf", "6 × 2 × 3 × 2 = 72", "6 × 2 × 2 × 2 = 48")
    translate(root, "rebis", "fr", "example.red-token-placed", "Ann a 36 points", "Ann a 24 points")
    assert not {"example.multiplied-shelf", "example.red-token-placed"} & waiting(root, "rebis", "fr")
    site = green(root)
    example = change_entry(page(site, "fr/rebis/changes"), "change-1-1-example-multiplied-shelf")
    assert "rb-badge--outdated" not in example and "<ins>48.</ins>" in example
