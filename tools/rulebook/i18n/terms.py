"""`rulebook i18n terms LANG`: glossary/terms.yaml for translation tools, as TBX (TBX-Basic, read
by Poedit, Weblate and OmegaT) and as CSV. Forbidden forms are deprecated terms.

The forms are word stems, as `rulebook check` matches them ("polic" for police, polici, policí);
each entry says so in a note.
"""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from pathlib import Path

from rulebook.files import write_atomic, write_atomic_bytes
from rulebook.model import Project, Term

STEM_NOTE = "Forms are word stems, as rulebook check matches them: a form stands for the words that start with it."
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
        ET.SubElement(entry, "note").text = STEM_NOTE
        _lang_set(entry, project.source_language, [(form, PREFERRED) for form in term.english])
        forms = [(form, PREFERRED) for form in term.preferred[language]]
        forms += [(form, DEPRECATED) for form in term.forbidden.get(language, ())]
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
    """One row per English form and target form: source, target, status (preferred or forbidden), term id."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["source", "target", "status", "term"])
    for term in _terms(project, language):
        for english in term.english:
            writer.writerows([english, form, "preferred", term.id] for form in term.preferred[language])
            writer.writerows([english, form, "forbidden", term.id] for form in term.forbidden.get(language, ()))
    return out.getvalue()


def _terms(project: Project, language: str) -> list[Term]:
    return [term for term in project.terms if language in term.preferred]


def export_terms(project: Project, language: str, folder: Path) -> list[Path]:
    tbx, table = folder / f"terms.{language}.tbx", folder / f"terms.{language}.csv"
    write_atomic_bytes(tbx, terms_tbx(project, language))
    write_atomic(table, terms_csv(project, language))
    return [tbx, table]
