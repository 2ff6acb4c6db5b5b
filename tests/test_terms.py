"""Terms, not stems (issue 24, part 6): the TBX and CSV of `rulebook i18n terms` hold the whole
terms of glossary/terms.yaml, every preferred and deprecated one, as translate-toolkit (Weblate's
reader) finds them; the TBX has TBX-Basic's structure; and `rulebook check` keeps the whole terms
and the stems it matches in agreement. On the translated fixture (alpha and beta in en/fr/cs,
fixture_games.py) given a terms.yaml of its own words (TERMS), which its translations keep to."""

from __future__ import annotations

import csv
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from translate.storage import tbx

from conftest import edit, locate, run_cli

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
# TBX-Basic's data categories (TBX-Basic specification, version 2 data category list): the termNote
# types it permits, and the values of administrativeStatus.
TBX_BASIC_TERM_NOTES = {
    "administrativeStatus",
    "geographicalUsage",
    "grammaticalGender",
    "partOfSpeech",
    "termLocation",
    "termType",
}
ADMINISTRATIVE_STATUS = {
    "preferredTerm-admn-sts",
    "admittedTerm-admn-sts",
    "deprecatedTerm-admn-sts",
    "supersededTerm-admn-sts",
}


# The fixture's terms, in the words its translations use (fixture_games.TRANSLATIONS): a round is a manche and
# a kolo, a point a point and a bod, a player a joueur and a hráč; the highest total (several words) has no Czech.
TERMS = """\
# yaml-language-server: $schema=../schemas/terms.schema.json
terms:
  - id: round
    en: [round]
    fr: {preferred: [manche], forbidden: [tour]}
    cs: {preferred: [kol], forbidden: [parti]}
    terms:
      en: {preferred: [round]}
      fr: {preferred: [manche], deprecated: [tour]}
      cs: {preferred: [kolo], deprecated: [partie]}
  - id: point
    en: [point]
    fr: {preferred: [point]}
    cs: {preferred: [bod], forbidden: [skór]}
    terms:
      en: {preferred: [point]}
      fr: {preferred: [point]}
      cs: {preferred: [bod], deprecated: [skóre]}
  - id: player
    en: [player]
    fr: {preferred: [joueur], forbidden: [participant]}
    cs: {preferred: [hráč]}
    terms:
      en: {preferred: [player]}
      fr: {preferred: [joueur], deprecated: [participant]}
      cs: {preferred: [hráč]}
  - id: highest-total
    en: [highest total]
    fr: {preferred: [plus haut total], forbidden: [plus grand total]}
    terms:
      en: {preferred: [highest total]}
      fr: {preferred: [plus haut total], deprecated: [plus grand total]}
"""
# By hand from TERMS: term id → its (language, term, deprecated), English and the language's, of the
# entries that have the language.
WHOLE_TERMS = {
    "fr": {
        "round": {("en", "round", False), ("fr", "manche", False), ("fr", "tour", True)},
        "point": {("en", "point", False), ("fr", "point", False)},
        "player": {("en", "player", False), ("fr", "joueur", False), ("fr", "participant", True)},
        "highest-total": {
            ("en", "highest total", False),
            ("fr", "plus haut total", False),
            ("fr", "plus grand total", True),
        },
    },
    "cs": {
        "round": {("en", "round", False), ("cs", "kolo", False), ("cs", "partie", True)},
        "point": {("en", "point", False), ("cs", "bod", False), ("cs", "skóre", True)},
        "player": {("en", "player", False), ("cs", "hráč", False)},
    },
}


@pytest.fixture
def termed(translated_project: Path) -> Path:
    """The translated fixture with its terms (TERMS) as glossary/terms.yaml."""
    (translated_project / "glossary").mkdir()
    (translated_project / "glossary/terms.yaml").write_text(TERMS, encoding="utf-8")
    return translated_project


def export_terms(capsys, root: Path, folder: Path, language: str) -> Path:
    code, _, err = run_cli(capsys, "--root", str(root), "i18n", "terms", language, "-o", str(folder))
    assert code == 0, err
    return folder / f"terms.{language}.tbx"


@pytest.mark.parametrize("language", ["fr", "cs"])
def test_translate_toolkit_finds_every_preferred_and_deprecated_term(
    termed: Path, tmp_path: Path, capsys, language: str
) -> None:
    store = tbx.tbxfile.parsefile(str(export_terms(capsys, termed, tmp_path, language)))
    found = {
        unit.getid(): {("en", term.text, term.deprecated) for term in unit.get_source_terms()}
        | {(language, term.text, term.deprecated) for term in unit.get_target_terms()}
        for unit in store.units
    }
    expected = WHOLE_TERMS[language]
    assert found == expected
    assert sum(len(forms) for forms in found.values()) > 2 * len(found)  # not one term a language per entry
    assert any(deprecated for forms in found.values() for _, _, deprecated in forms)


def test_the_csv_holds_the_same_whole_terms(termed: Path, tmp_path: Path, capsys) -> None:
    export_terms(capsys, termed, tmp_path, "cs")
    with (tmp_path / "terms.cs.csv").open(encoding="utf-8", newline="") as table:
        rows = list(csv.DictReader(table))
    assert {row["term"] for row in rows} == set(WHOLE_TERMS["cs"])  # highest-total has no Czech
    for term_id, forms in WHOLE_TERMS["cs"].items():
        english = {form for code, form, _ in forms if code == "en"}
        czech = {(form, "forbidden" if deprecated else "preferred") for code, form, deprecated in forms if code == "cs"}
        mine = [row for row in rows if row["term"] == term_id]
        assert {row["source"] for row in mine} == english, term_id
        assert {(row["target"], row["status"]) for row in mine} == czech, term_id


@pytest.mark.parametrize("language", ["fr", "cs"])
def test_the_tbx_has_tbx_basic_structure(termed: Path, tmp_path: Path, capsys, language: str) -> None:
    """No TBX-Basic RNG or XSD ships in a Python package, so TBX-Basic's structural rules are checked here."""
    martif = ET.parse(export_terms(capsys, termed, tmp_path, language)).getroot()
    assert (martif.tag, martif.get("type"), martif.get(XML_LANG)) == ("martif", "TBX-Basic", "en")
    assert [child.tag for child in martif] == ["martifHeader", "text"]
    assert martif.find("martifHeader/fileDesc/sourceDesc/p") is not None
    entries = martif.findall("text/body/termEntry")
    assert entries and [child.tag for child in martif.find("text/body")] == ["termEntry"] * len(entries)
    ids = [entry.get("id") for entry in entries]
    assert ids == list(WHOLE_TERMS[language])
    for entry in entries:
        lang_sets = entry.findall("langSet")
        assert [lang_set.get(XML_LANG) for lang_set in lang_sets] == ["en", language], entry.get("id")
        for lang_set in lang_sets:
            assert lang_set.findall("tig") and all(child.tag == "tig" for child in lang_set)
            for tig in lang_set:
                assert tig[0].tag == "term" and len(tig.findall("term")) == 1
                assert (tig.findtext("term") or "").strip()
                for note in tig.findall("termNote"):
                    assert note.get("type") in TBX_BASIC_TERM_NOTES
                    if note.get("type") == "administrativeStatus":
                        assert note.text in ADMINISTRATIVE_STATUS


def test_check_refuses_a_whole_term_no_stem_matches(termed: Path, capsys) -> None:
    code, out, _ = run_cli(capsys, "--root", str(termed), "check")
    assert code == 0, out
    text = edit(
        termed,
        "glossary/terms.yaml",
        "cs: {preferred: [bod], deprecated: [skóre]}",
        "cs: {preferred: [bod], deprecated: [skóre, puntík]}",
    )
    line, col = locate(text, "puntík")
    code, out, _ = run_cli(capsys, "--root", str(termed), "check")
    assert code == 1
    # point is the second entry (terms.1); puntík its second deprecated Czech term, which no forbidden stem
    # (skór) starts.
    assert (
        f"glossary/terms.yaml:{line}:{col}: terms.1.terms.cs.deprecated.1: 'puntík' starts with none of "
        "the stems in terms.1.cs.forbidden; add its stem there, so that `rulebook check` matches what "
        "the TBX offers"
    ) in out.splitlines()


def test_check_wants_whole_terms_where_a_language_has_stems(termed: Path, capsys) -> None:
    text = edit(termed, "glossary/terms.yaml", "      fr: {preferred: [manche], deprecated: [tour]}\n", "")
    line, col = locate(text, "en: {preferred: [round]}")  # round's whole terms (terms.0.terms), now English and Czech
    code, out, _ = run_cli(capsys, "--root", str(termed), "check")
    assert code == 1
    said = [said for said in out.splitlines() if "has no whole terms" in said]
    assert said == [f"glossary/terms.yaml:{line}:{col}: terms.0.terms: 'round' has no whole terms in fr"]
