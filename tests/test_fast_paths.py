"""The shortcuts of issue 15 give what the long way gives: a document's positions found only when
asked for, the search for control characters skipped over a text with nothing to find, and the
links leaving the project and the content's fingerprint found from the folder listings' entry types."""

from __future__ import annotations

import os
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.files import inside_project
from rulebook.located.document import Document, LoadError, parse_document
from rulebook.validate.outside import links_leaving
from rulebook.validate.safety import character_problems
from rulebook.website.plugin import CONTENT_FOLDERS, content_fingerprint

# What YAML reads as a line break or keeps raw, the controls the check refuses, escapes' backslash.
_TRICKY = "\t\r\n\x85\u2028\u2029\u202e\u2066\x07\x1b\x7f\x9f\\\"' :-#{}[],&*!|>%@`"
_TEXT = st.text(alphabet=st.sampled_from(_TRICKY) | st.characters(codec="utf-8"), max_size=12)


def _long_way(document: Document) -> list:
    """The same data with no text to look at: every string and key is walked."""
    return character_problems(Document(document.file, document.data, positions=(document.values, document.keys)))


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(_TEXT, st.lists(_TEXT, max_size=3) | _TEXT, max_size=4), st.booleans())
def test_dumped_documents_report_what_the_full_walk_reports(data: dict, escaped: bool) -> None:
    raw = yaml.safe_dump(data, allow_unicode=not escaped).encode("utf-8")
    try:
        document = parse_document(raw, "t.yaml")
    except LoadError:
        return
    assert character_problems(document) == _long_way(document)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_TEXT, _TEXT), max_size=4))
def test_hand_written_documents_report_what_the_full_walk_reports(pairs: list[tuple[str, str]]) -> None:
    # Raw characters in plain, quoted and block scalars, as a person (or an attacker) types them.
    raw = "".join(f'k{n}: {value}\nq{n}: "{key}"\nb{n}: |\n  {value}\n' for n, (key, value) in enumerate(pairs))
    try:
        document = parse_document(raw.encode("utf-8", "surrogatepass"), "t.yaml")
    except (LoadError, UnicodeEncodeError):
        return
    assert character_problems(document) == _long_way(document)


def test_a_control_character_written_as_an_escape_is_found() -> None:
    document = parse_document(b'title: "REBUS\\a"\nkey\\x: plain\n', "t.yaml")
    assert [p.message for p in character_problems(document)] == [
        "title: the control character U+0007 at character 6 is not allowed"
    ]
    assert (character_problems(document)[0].line, character_problems(document)[0].col) == (1, 8)


def test_positions_found_later_are_those_of_the_text() -> None:
    document = parse_document(b"a: 1\nb:\n  - x\n  - {c: y}\n", "t.yaml")
    assert document.positions is None  # not found until asked for
    assert document.where(("b", 1, "c")) == (4, 9)  # "  - {c: y}": y is the 9th character
    assert document.where(("b", 1, "c"), key=True) == (4, 6)
    assert document.where(("b", 0)) == (3, 5)
    assert document.part(("b", 1)).where(("c",)) == (4, 9)


def _links_leaving_by_os_walk(folder: Path, root: Path) -> set[Path]:
    """The long way: every entry os.walk lists, each looked at with its own lstat."""
    found = set()
    for parent, folders, files in os.walk(folder):
        for name in [*folders, *files]:
            path = Path(parent, name)
            if path.is_symlink() and not inside_project(path, root):
                found.add(path)
    return found


def test_links_leaving_finds_what_a_walk_with_every_files_lstat_finds(tmp_path: Path) -> None:
    root, outside = tmp_path / "project", tmp_path / "outside"
    (outside / "deep").mkdir(parents=True)
    (outside / "environ").write_text("secret\n", encoding="utf-8")
    (root / ".git").mkdir(parents=True)
    (root / ".git/config").write_text("token\n", encoding="utf-8")
    docs = root / "docs"
    (docs / "en/game/quiz").mkdir(parents=True)
    (docs / "en/game/quiz/index.md").write_text("# Quiz\n", encoding="utf-8")
    (docs / "en/index.md").write_text("# Home\n", encoding="utf-8")
    links = {
        "en/environ.txt": outside / "environ",  # leaves
        "en/game/quiz/deep": outside / "deep",  # a folder that leaves: found, not walked
        "en/git.txt": root / ".git/config",  # a hidden folder of the project
        "en/home.md": docs / "en/index.md",  # stays inside
        "en/game-too": docs / "en/game",  # a folder inside: not walked again
        "en/broken": outside / "missing",  # leads nowhere, outside
        "a-loop": docs / "a-loop",
    }
    for name, target in links.items():
        (docs / name).symlink_to(target, target_is_directory=target.is_dir())
    found = set(links_leaving(docs, root))
    assert found == _links_leaving_by_os_walk(docs, root)
    assert {path.relative_to(docs).as_posix() for path in found} == {
        "en/environ.txt",
        "en/game/quiz/deep",
        "en/git.txt",
        "en/broken",
        "a-loop",
    }


def _fingerprint_by_rglob(root: Path) -> tuple:
    entries = []
    for folder in CONTENT_FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file():
                stat = path.stat()
                entries.append((str(path), stat.st_size, stat.st_mtime_ns))
    return tuple(entries)


def test_the_content_fingerprint_is_what_rglob_and_a_stat_of_each_file_give(tmp_path: Path) -> None:
    (tmp_path / "rules/rebus/sources").mkdir(parents=True)
    (tmp_path / "rules/rebus-2").mkdir()
    (tmp_path / "glossary").mkdir()
    for name in ("rules/project.yaml", "rules/rebus/en.yaml", "rules/rebus/sources/a.txt", "rules/rebus-2/en.yaml"):
        (tmp_path / name).write_text(name, encoding="utf-8")
    (tmp_path / "glossary/linked.yaml").symlink_to(tmp_path / "rules/project.yaml")  # a file link: followed
    (tmp_path / "glossary/rules").symlink_to(tmp_path / "rules", target_is_directory=True)  # a folder link: not
    (tmp_path / "glossary/broken").symlink_to(tmp_path / "missing")
    assert content_fingerprint(tmp_path) == _fingerprint_by_rglob(tmp_path)
    assert len(content_fingerprint(tmp_path)) == 5
