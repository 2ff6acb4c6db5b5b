"""PO files read as the file has them, or refused with the line a translator can open (issue 17):
plural entries, entries Babel's forgiving reader would patch up, duplicates with and without a
msgctxt, charsets, and the writer's placing of a previous msgid. The expected values are read off
the PO text in each test, by hand."""

from __future__ import annotations

from pathlib import Path

import polib
import pytest
from babel.messages.catalog import Catalog

from rulebook.i18n import po_file
from rulebook.i18n.po_file import Refused, po_bytes, read_po_file

FRENCH_PLURALS = "nplurals=2; plural=(n > 1);"


def po(tmp_path: Path, body: str, language: str = "fr", plurals: str = FRENCH_PLURALS, charset: str = "UTF-8") -> Path:
    """A PO file: a seven-line header (line 7 is blank), then `body` from line 8."""
    header = (
        'msgid ""\nmsgstr ""\n"Project-Id-Version: alpha alpha\\n"\n'
        f'"Language: {language}\\n"\n"Content-Type: text/plain; charset={charset}\\n"\n'
        f'"Plural-Forms: {plurals}\\n"\n\n'
    )
    path = tmp_path / "file.po"
    path.write_bytes((header + body).encode("utf-8"))
    return path


def refusal(path: Path) -> list[str]:
    """The refusal's lines, as `rulebook i18n` prints them."""
    return refused(path).lines


def refused(path: Path) -> Refused:
    with pytest.raises(Refused) as refusal:
        read_po_file(path, "file.po")
    return refusal.value


def test_each_refusal_is_coded_at_its_file_and_line(tmp_path: Path) -> None:
    folders = [tmp_path / str(n) for n in range(4)]
    for folder in folders:
        folder.mkdir()
    cases = [  # the header's lines: 5 Content-Type, 6 Plural-Forms; the body from line 8
        (po(folders[0], 'msgid "x"\nmsgstr "y"\nmsgid "x"\nmsgstr "z"\n'), "catalog.duplicate-entry", 10, {"first": 8}),
        (po(folders[1], 'msgid "x"\nmsgstr "y"\n', plurals="nplurals=9; plural=n;"), "catalog.plural-count", 6, None),
        (po(folders[2], 'msgid "x"\nmsgstr "y"\n', charset="latin-1"), "catalog.other-charset", 5, {}),
        (po(folders[3], 'msgid "x"\nmsgstr "\xe9"\n'), "catalog.utf-8", 9, {"byte": "e9"}),
    ]
    latin = folders[3] / "file.po"
    latin.write_bytes(latin.read_text(encoding="utf-8").encode("latin-1"))
    for path, code, line, params in cases:
        (problem,) = refused(path).problems
        assert (problem.file, problem.code, problem.line) == ("file.po", code, line), code
        assert params is None or dict(problem.params) == params, code
    (plural,) = refused(cases[1][0]).problems
    assert dict(plural.params) == {"count": 9, "limit": 6}


def test_a_plural_entry_keeps_its_forms_in_msgstr_index_order(tmp_path: Path) -> None:
    # The forms are written [1] before [0], and "des" sorts before "un": neither order may leak in.
    path = po(tmp_path, 'msgid "a cat"\nmsgid_plural "cats"\nmsgstr[1] "des chats"\nmsgstr[0] "un chat"\n')
    (entry,) = read_po_file(path, "file.po").entries
    assert (entry.msgid, entry.string, entry.line, entry.plural) == (
        ("a cat", "cats"),
        ("un chat", "des chats"),
        8,
        True,
    )


def test_a_plural_entry_of_a_one_form_language_is_still_plural(tmp_path: Path) -> None:
    # Japanese has one form: msgid_plural with msgstr[0] only. It is a plural entry all the same.
    path = po(tmp_path, 'msgid "a cat"\nmsgid_plural "cats"\nmsgstr[0] "猫"\n', "ja", "nplurals=1; plural=0;")
    (entry,) = read_po_file(path, "file.po").entries
    assert (entry.msgid, entry.string, entry.plural) == (("a cat", "cats"), ("猫",), True)


def test_a_one_form_entry_is_read_as_strings(tmp_path: Path) -> None:
    (entry,) = read_po_file(po(tmp_path, 'msgctxt "rule.bags"\nmsgid "Bags."\nmsgstr "Sacs."\n'), "file.po").entries
    assert (entry.context, entry.msgid, entry.string, entry.line, entry.plural) == (
        "rule.bags",
        "Bags.",
        "Sacs.",
        9,
        False,
    )


@pytest.mark.parametrize(
    "body, line, message",
    [
        # Babel's reader would take "x" with an empty msgstr, and only print a warning.
        ('msgctxt "a"\nmsgid "x"\n\nmsgctxt "b"\nmsgid "y"\nmsgstr "z"\n', 9, "missing msgstr for msgid 'x'"),
        ('msgid "x"\nmsgid_plural "xs"\nmsgstr[0] "a"\nmsgstr[1] "b"\nmsgstr[2] "c"\n', 8, "more translations than"),
        ('#-#-#-#-#  alpha.fr.po  #-#-#-#-#\nmsgid "x"\nmsgstr "y"\n', 8, "cannot parse po file with conflicts"),
    ],
    ids=["msgid without msgstr", "more forms than Plural-Forms", "msgcat conflict"],
)
def test_an_entry_babel_would_patch_up_is_refused_at_its_line(tmp_path: Path, body, line, message) -> None:
    (problem,) = refusal(po(tmp_path, body))
    assert problem.startswith(f"file.po:{line}: not a valid PO file: ")
    assert message in problem
    assert not problem.endswith(f" on {line - 1}")  # Babel's own count, from 0, is not repeated


def test_a_header_babel_cannot_read_is_refused_naming_the_file(tmp_path: Path) -> None:
    (problem,) = refusal(po(tmp_path, 'msgid "x"\nmsgstr "y"\n', plurals="nplurals=abc; plural=(n > 1);"))
    assert problem.startswith("file.po: not a valid PO file: ")
    assert "'abc'" in problem


def test_a_line_that_is_not_po_is_quoted_cut_at_60_characters(tmp_path: Path) -> None:
    stray = "stray " + "x" * 70
    (problem,) = refusal(po(tmp_path, f'msgid "x"\nmsgstr "y"\n{stray}\n'))
    assert problem == f"file.po:10: not a valid PO line: {stray[:60]!r}"


def test_a_file_that_is_not_po_lists_ten_lines_and_counts_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "notes.po"
    path.write_text("".join(f"line {number}\n" for number in range(1, 16)), encoding="utf-8")
    problems = refusal(path)
    assert problems[:10] == [f"file.po:{n}: not a valid PO line: 'line {n}'" for n in range(1, 11)]
    assert problems[10:] == ["file.po: and 5 more lines that are not valid PO"]


def test_ten_lines_that_are_not_po_are_all_listed_with_nothing_more(tmp_path: Path) -> None:
    path = tmp_path / "notes.po"
    path.write_text("".join(f"line {number}\n" for number in range(1, 11)), encoding="utf-8")
    assert refusal(path) == [f"file.po:{n}: not a valid PO line: 'line {n}'" for n in range(1, 11)]


def test_a_file_without_a_charset_is_read_as_utf_8_and_says_so_when_it_is_not(tmp_path: Path) -> None:
    path = tmp_path / "latin.po"
    path.write_bytes(b'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\nmsgctxt "a"\nmsgid "Tea"\nmsgstr "Th\xe9"\n')
    assert refusal(path) == ["file.po:7: not valid utf-8: byte 0xe9"]


def test_a_charset_named_in_other_bytes_is_unknown_not_a_crash(tmp_path: Path) -> None:
    # "été" in UTF-8 is t between two two-byte letters: each byte that is not ASCII reads as U+FFFD.
    (problem,) = refusal(po(tmp_path, 'msgid "x"\nmsgstr "y"\n', charset="été"))
    assert problem == "file.po:5: unknown charset '\ufffd\ufffdt\ufffd\ufffd'; save the file as UTF-8"


def test_one_msgctxt_twice_is_a_duplicate_whatever_the_msgids(tmp_path: Path) -> None:
    body = (
        'msgctxt "rule.bags"\nmsgid "Bags."\nmsgstr "Sacs."\n\nmsgctxt "rule.bags"\nmsgid "Other."\nmsgstr "Autre."\n'
    )
    assert refusal(po(tmp_path, body)) == [
        "file.po:13: a second entry with msgctxt 'rule.bags' (the first is at line 9)"
    ]


def test_entries_without_msgctxt_are_duplicates_only_with_the_same_msgid(tmp_path: Path) -> None:
    different = 'msgid "One."\nmsgstr "Un."\n\nmsgid "Two."\nmsgstr "Deux."\n'
    assert [entry.msgid for entry in read_po_file(po(tmp_path, different), "file.po").entries] == ["One.", "Two."]
    same = 'msgid "One."\nmsgstr "Un."\n\nmsgid "One."\nmsgstr "Une."\n'
    assert refusal(po(tmp_path, same)) == ["file.po:11: a second entry with msgid 'One.' (the first is at line 8)"]


def test_a_previous_msgid_goes_before_an_entry_without_msgctxt_too(tmp_path: Path) -> None:
    catalog = Catalog(locale="fr")
    catalog.add("New English.", "Traduction.", flags=["fuzzy"], previous_id="Old English.")
    catalog.add("Bags.", "Sacs.", context="rule.bags", flags=["fuzzy"], previous_id="Old bags.")
    path = tmp_path / "written.po"
    path.write_bytes(po_bytes(catalog))
    entries = {entry.msgid: entry for entry in polib.pofile(str(path))}
    assert entries["New English."].previous_msgid == "Old English."
    assert entries["Bags."].previous_msgid == "Old bags."
    assert '#| msgid "Old English."\nmsgid "New English."' in path.read_text(encoding="utf-8")


def test_a_long_previous_msgid_is_one_po_string_per_line_of_its_text(tmp_path: Path) -> None:
    old = "An old English sentence, longer than the 76 columns Babel would otherwise wrap a string at."
    catalog = Catalog(locale="fr")
    catalog.add("New.", "Nouveau.", context="rule.a", flags=["fuzzy"], previous_id=f"{old}\nSecond line.")
    text = po_bytes(catalog).decode("utf-8")
    assert f'#| msgid ""\n#| "{old}\\n"\n#| "Second line."\nmsgctxt "rule.a"\n' in text


def test_the_writer_refuses_to_drop_a_previous_msgid(monkeypatch: pytest.MonkeyPatch) -> None:
    catalog = Catalog(locale="fr")
    catalog.add("Bags.", "Sacs.", context="rule.bags", previous_id="Old bags.")
    # Babel's output out of step with the catalog (a Babel change): the header only.
    monkeypatch.setattr(po_file, "generate_po", lambda *args, **kwargs: iter(['msgid ""\n', 'msgstr ""\n', "\n"]))
    with pytest.raises(RuntimeError, match=r"^PO writer: a previous msgid could not be placed$"):
        po_bytes(catalog)
