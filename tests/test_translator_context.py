"""What a translator sees beside each entry: placeholder values, a link to the unit on the site,
references for the glossary readings; and the terminology as TBX and CSV (issue 10, part 5). The
games are the fixture's (fixture_games.py), the glossary the project's own given to one of them."""

from __future__ import annotations

import csv
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import polib
import yaml
from translate.storage import tbx

from conftest import ROOT, edit, run_cli
from fixture_games import WINNER, with_glossary
from rulebook.addresses.site_url import configured_site_url
from rulebook.i18n.translator_notes import _value, _what_it_is
from rulebook.load.project import load_project
from rulebook.model import Game

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def export(capsys, root: Path, folder: Path, language: str, game: str) -> polib.POFile:
    code, _, err = run_cli(capsys, "--root", str(root), "i18n", "export", language, "--game", game, "-o", str(folder))
    assert code == 0, err
    return polib.pofile(str(folder / f"{game}.{language}.po"))


def entry(catalog: polib.POFile, unit_id: str) -> polib.POEntry:
    return next(e for e in catalog if e.msgctxt == unit_id)


def test_placeholder_values_and_a_site_link_are_in_the_comments(translated_project, tmp_path, capsys) -> None:
    shutil.copy(ROOT / "mkdocs.yml", translated_project / "mkdocs.yml")
    site = configured_site_url(ROOT)  # mkdocs.yml's site_url, the public address
    czech = export(capsys, translated_project, tmp_path, "cs", "alpha")
    # alpha's game.yaml: players.min is 2, players.max 4, scoring.rounds 3.
    notes = entry(czech, "rule.players").comment.splitlines()
    assert "{players.min} = 2" in notes and "{players.max} = 4" in notes
    assert f"on the site: {site}cs/alpha/#players" in notes
    assert "{scoring.rounds} = 3" in entry(czech, "rule.winner").comment.splitlines()
    french = export(capsys, translated_project, tmp_path, "fr", "alpha")
    assert f"on the site: {site}fr/alpha/#overview" in entry(french, "section.overview").comment.splitlines()
    assert "{" not in entry(french, "section.overview").comment  # no placeholder, no value line


# Planted in alpha: a decimal fact and a list one, which its rule.winner quotes.
FACTS = "    rounds: 3\n    round_minutes: 1.5\n    short_rounds: [1, 2, 3]\n"
TIMED_WINNER = (
    "After {scoring.rounds} rounds of {scoring.round_minutes} minutes ({scoring.short_rounds} in a short game),"
    " the highest total wins."
)


def test_placeholder_values_are_written_as_the_translation_writes_them(translated_project, tmp_path, capsys) -> None:
    edit(translated_project, "rules/alpha/game.yaml", "    rounds: 3\n", FACTS)
    edit(translated_project, "rules/alpha/en.yaml", f"text: {WINNER}", f"text: {TIMED_WINNER}")
    french = export(capsys, translated_project, tmp_path, "fr", "alpha")
    notes = entry(french, "rule.winner").comment.splitlines()
    assert "{scoring.round_minutes} = 1,5" in notes
    assert "{scoring.short_rounds} = 1, 2 ou 3" in notes
    czech = export(capsys, translated_project, tmp_path, "cs", "alpha")
    assert "{scoring.short_rounds} = 1, 2 nebo 3" in entry(czech, "rule.winner").comment.splitlines()


def alpha(root: Path) -> Game:
    return next(text_set for text_set in load_project(root).project.text_sets() if text_set.id == "alpha")


def test_a_placeholder_without_a_fact_says_so(small_project) -> None:
    # `rulebook check` refuses such a text, so only a file exported from broken content could show it.
    assert _value(alpha(small_project), "players.max", "fr") == "4"
    assert _value(alpha(small_project), "players.no_such_fact", "fr") == "(no such fact)"


def test_a_unit_id_that_names_nothing_still_says_its_kind(small_project) -> None:
    # `rulebook check` refuses such units; the notes must not fail on them all the same.
    game = alpha(small_project)
    assert _what_it_is(game, "rule.winner") == ["Rule Alpha 1.2"]  # alpha's game.yaml: section 1, its second rule
    assert _what_it_is(game, "rule.no-such-rule") == ["Rule"]
    assert _what_it_is(game, "section.overview") == ["Section title Alpha 1"]  # its first section
    assert _what_it_is(game, "section.no-such-section") == ["Section title"]
    assert _what_it_is(game, "nothing-we-know") == []


def test_without_a_site_there_is_no_link(translated_project, tmp_path, capsys) -> None:
    french = export(capsys, translated_project, tmp_path, "fr", "alpha")
    assert "on the site" not in entry(french, "rule.players").comment


def test_glossary_readings_have_a_reference_and_follow_their_symbol(small_project, tmp_path, capsys) -> None:
    with_glossary(small_project, "beta")  # a game without a scorer
    glossary = export(capsys, small_project, tmp_path, "fr", "glossary")
    lines = (small_project / "glossary/symbols.yaml").read_text(encoding="utf-8").splitlines()
    readings_line = lines.index("    readings: [I, eye, aye]") + 1
    readings = entry(glossary, "symbol.eye.readings")
    assert readings.occurrences == [("glossary/symbols.yaml", str(readings_line))]
    ids = [e.msgctxt for e in glossary]
    position = ids.index("symbol.eye.readings")
    assert ids[position - 2 : position + 3] == [
        "symbol.eye.name",
        "symbol.eye.description",
        "symbol.eye.readings",
        "symbol.eye.example",
        "symbol.ewe.name",
    ]
    example_line = next(n for n, line in enumerate(lines, 1) if line.startswith("    example:") and n > readings_line)
    assert entry(glossary, "symbol.eye.example").occurrences == [("glossary/symbols.yaml", str(example_line))]


def english_forms(term: dict) -> list[str]:
    """A term's English forms: a list, or the preferred ones where the English also has forbidden forms."""
    return term["en"] if isinstance(term["en"], list) else term["en"]["preferred"]


def test_terms_export_as_tbx_and_csv(small_project, tmp_path, capsys) -> None:
    with_glossary(small_project, "alpha")
    code, out, err = run_cli(capsys, "--root", str(small_project), "i18n", "terms", "cs", "-o", str(tmp_path))
    assert code == 0, err
    assert out.splitlines() == [str(tmp_path / "terms.cs.tbx"), str(tmp_path / "terms.cs.csv")]
    terms = yaml.safe_load((small_project / "glossary/terms.yaml").read_text(encoding="utf-8"))["terms"]
    czech = [term for term in terms if "cs" in term["terms"]]
    store = tbx.tbxfile.parsefile(str(tmp_path / "terms.cs.tbx"))  # translate-toolkit, as Weblate reads it
    assert [(unit.source, unit.target) for unit in store.units] == [
        (t["terms"]["en"]["preferred"][0], t["terms"]["cs"]["preferred"][0]) for t in czech
    ]
    bag = ET.parse(tmp_path / "terms.cs.tbx").getroot().find(".//termEntry[@id='bag']")
    forms = {
        tig.findtext("term"): tig.findtext("termNote")
        for lang_set in bag.iter("langSet")
        if lang_set.get(XML_LANG) == "cs"
        for tig in lang_set.iter("tig")
    }
    # glossary/terms.yaml: bag is "pytlík" in Czech, never sáček or pytel (whole terms: not the stem sáčk).
    assert forms == {
        "pytlík": "preferredTerm-admn-sts",
        "sáček": "deprecatedTerm-admn-sts",
        "pytel": "deprecatedTerm-admn-sts",
    }
    with (tmp_path / "terms.cs.csv").open(encoding="utf-8", newline="") as table:
        rows = list(csv.DictReader(table))
    assert [row for row in rows if row["term"] == "bag"] == [
        {"source": "bag", "target": "pytlík", "status": "preferred", "term": "bag"},
        {"source": "bag", "target": "sáček", "status": "forbidden", "term": "bag"},
        {"source": "bag", "target": "pytel", "status": "forbidden", "term": "bag"},
    ]
