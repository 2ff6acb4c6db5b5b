"""Terms, not stems (issue 24, part 6): the TBX and CSV of `rulebook i18n terms` hold the whole
terms of glossary/terms.yaml, every preferred and deprecated one, as translate-toolkit (Weblate's
reader) finds them; the TBX has TBX-Basic's structure; and `rulebook check` keeps the whole terms
and the stems it matches in agreement."""

from __future__ import annotations

import csv
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from translate.storage import tbx

from conftest import ROOT, edit, locate, run_cli

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


def whole_terms(language: str) -> dict[str, set[tuple[str, str, bool]]]:
    """term id → its (language, term, deprecated) as glossary/terms.yaml writes them."""
    entries = yaml.safe_load((ROOT / "glossary/terms.yaml").read_text(encoding="utf-8"))["terms"]
    return {
        entry["id"]: {
            (code, form, standing == "deprecated")
            for code in ("en", language)
            for standing in ("preferred", "deprecated")
            for form in entry["terms"][code].get(standing, ())
        }
        for entry in entries
        if language in entry["terms"]
    }


def export_terms(capsys, root: Path, folder: Path, language: str) -> Path:
    code, _, err = run_cli(capsys, "--root", str(root), "i18n", "terms", language, "-o", str(folder))
    assert code == 0, err
    return folder / f"terms.{language}.tbx"


@pytest.mark.parametrize("language", ["fr", "cs"])
def test_translate_toolkit_finds_every_preferred_and_deprecated_term(tmp_path: Path, capsys, language: str) -> None:
    store = tbx.tbxfile.parsefile(str(export_terms(capsys, ROOT, tmp_path, language)))
    found = {
        unit.getid(): {("en", term.text, term.deprecated) for term in unit.get_source_terms()}
        | {(language, term.text, term.deprecated) for term in unit.get_target_terms()}
        for unit in store.units
    }
    expected = whole_terms(language)
    assert found == expected
    assert sum(len(forms) for forms in found.values()) > 2 * len(found)  # not one term a language per entry
    assert any(deprecated for forms in found.values() for _, _, deprecated in forms)


def test_the_csv_holds_the_same_whole_terms(tmp_path: Path, capsys) -> None:
    export_terms(capsys, ROOT, tmp_path, "cs")
    with (tmp_path / "terms.cs.csv").open(encoding="utf-8", newline="") as table:
        rows = list(csv.DictReader(table))
    for term_id, forms in whole_terms("cs").items():
        english = {form for code, form, _ in forms if code == "en"}
        czech = {(form, "forbidden" if deprecated else "preferred") for code, form, deprecated in forms if code == "cs"}
        mine = [row for row in rows if row["term"] == term_id]
        assert {row["source"] for row in mine} == english, term_id
        assert {(row["target"], row["status"]) for row in mine} == czech, term_id


@pytest.mark.parametrize("language", ["fr", "cs"])
def test_the_tbx_has_tbx_basic_structure(tmp_path: Path, capsys, language: str) -> None:
    """No TBX-Basic RNG or XSD ships in a Python package, so TBX-Basic's structural rules are checked here."""
    martif = ET.parse(export_terms(capsys, ROOT, tmp_path, language)).getroot()
    assert (martif.tag, martif.get("type"), martif.get(XML_LANG)) == ("martif", "TBX-Basic", "en")
    assert [child.tag for child in martif] == ["martifHeader", "text"]
    assert martif.find("martifHeader/fileDesc/sourceDesc/p") is not None
    entries = martif.findall("text/body/termEntry")
    assert entries and [child.tag for child in martif.find("text/body")] == ["termEntry"] * len(entries)
    ids = [entry.get("id") for entry in entries]
    assert len(set(ids)) == len(ids) and all(ids)
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


def test_check_refuses_a_whole_term_no_stem_matches(project_copy: Path, capsys) -> None:
    text = edit(
        project_copy,
        "glossary/terms.yaml",
        "cs: {preferred: [pytlík], deprecated: [sáček, pytel]}",
        "cs: {preferred: [pytlík], deprecated: [sáček, pytel, taška]}",
    )
    line, col = locate(text, "taška")
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 1
    index = next(n for n, entry in enumerate(yaml.safe_load(text)["terms"]) if entry["id"] == "bag")
    assert (
        f"glossary/terms.yaml:{line}:{col}: terms.{index}.terms.cs.deprecated.2: 'taška' starts with none of "
        f"the stems in terms.{index}.cs.forbidden; add its stem there, so that `rulebook check` matches what "
        "the TBX offers"
    ) in out


def test_check_wants_whole_terms_where_a_language_has_stems(project_copy: Path, capsys) -> None:
    edit(project_copy, "glossary/terms.yaml", "      fr: {preferred: [sac], deprecated: [sachet, poche]}\n", "")
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 1
    assert "terms: 'bag' has no whole terms in fr" in out
