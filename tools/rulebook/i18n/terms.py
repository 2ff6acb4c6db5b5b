"""`rulebook i18n terms LANG`: glossary/terms.yaml for translation tools, as TBX (TBX-Basic, read
by Poedit, Weblate and OmegaT) and as CSV: the whole terms (`terms:` of each entry), every preferred
and deprecated one. The word stems beside them are `rulebook check`'s own matching data, never
shown to a translator: a stem such as "polic" is no word a glossary should offer.
"""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from pathlib import Path

from rulebook.files.plan import Plan
from rulebook.model import Project, Term

PREFERRED = "preferredTerm-admn-sts"
DEPRECATED = "deprecatedTerm-admn-sts"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def terms_tbx(project: Project, language: str) -> bytes:
    martif = ET.Element("martif", {"type": "TBX-Basic", XML_LANG: project.source_language})
    header = ET.SubElement(ET.SubElement(martif, "martifHeader"), "fileDesc")
    ET.SubElement(ET.SubElement(header, "sourceDesc"), "p").text = "glossary/terms.yaml, exported by rulebook"
    body = ET.SubElement(ET.SubElement(martif, "text"), "body")
    for term in _terms(project, language):
        entry = ET.SubElement(body, "termEntry", {"id": term.id})
        _lang_set(
            entry,
            project.source_language,
            [(form, PREFERRED) for form in term.preferred_terms[project.source_language]],
        )
        forms = [(form, PREFERRED) for form in term.preferred_terms[language]]
        forms += [(form, DEPRECATED) for form in term.deprecated_terms.get(language, ())]
        _lang_set(entry, language, forms)
    ET.indent(martif)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(martif, encoding="utf-8") + b"\n"


def _lang_set(entry: ET.Element, language: str, forms: list[tuple[str, str]]) -> None:
    lang_set = ET.SubElement(entry, "langSet", {XML_LANG: language})
    for form, status in forms:
        tig = ET.SubElement(lang_set, "tig")
        ET.SubElement(tig, "term").text = form
        ET.SubElement(tig, "termNote", {"type": "administrativeStatus"}).text = status


def terms_csv(project: Project, language: str) -> str:
    """One row per English term and target term: source, target, status (preferred or forbidden), term id."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["source", "target", "status", "term"])
    for term in _terms(project, language):
        for english in term.preferred_terms[project.source_language]:
            writer.writerows([english, form, "preferred", term.id] for form in term.preferred_terms[language])
            writer.writerows([english, form, "forbidden", term.id] for form in term.deprecated_terms.get(language, ()))
    return out.getvalue()


def _terms(project: Project, language: str) -> list[Term]:
    """The terms with whole terms in the language (`rulebook check` requires them where it has stems)."""
    return [
        term
        for term in project.terms
        if language in term.preferred_terms and project.source_language in term.preferred_terms
    ]


def export_terms(project: Project, language: str, folder: Path) -> list[Path]:
    """Write both files, or neither (rulebook.files.plan)."""
    writes = Plan(project.root)
    writes.put(folder / f"terms.{language}.tbx", terms_tbx(project, language))
    writes.put(folder / f"terms.{language}.csv", terms_csv(project, language))
    return writes.apply()
