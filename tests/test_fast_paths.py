"""The shortcuts of issues 15 and 27 give what the long way gives: a document's positions found
only when asked for (a part's too), the search for control characters skipped over a text with
nothing to find, the text bounds judged while a document is built, the builder's plain strings
and its alias check skipped without an anchor, the loader's own resolver, and the links leaving the
project and the content's fingerprint found from the folder listings' entry types."""

from __future__ import annotations

import html
import os
import re
from functools import cache
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from yaml.resolver import BaseResolver

from rulebook.files.disk import inside_project
from rulebook.load.project import load_project
from rulebook.located import document as located
from rulebook.located.document import Document, LoadError, parse_bounded, parse_document
from rulebook.located.limits import MARKUP_CHARACTERS, limit_problems
from rulebook.model import Status, Term, Unit
from rulebook.problem_codes import Message
from rulebook.text import placeholders
from rulebook.validate import qa, safety
from rulebook.validate.outside import links_leaving
from rulebook.validate.safety import character_problems, markdown_dangers
from rulebook.website.plugin import CONTENT_FOLDERS, content_fingerprint

REPOSITORY = Path(__file__).resolve().parent.parent

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
    document = parse_document(b'title: "ALPHA\\a"\nkey\\x: plain\n', "t.yaml")
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


# Strings about as long as the markup bound, all markup (no `&`, which would make the builder take
# the long way), and keys and values of any kind.
_BOUNDED = st.text(alphabet=st.sampled_from(MARKUP_CHARACTERS.replace("&", "")), min_size=60, max_size=70)
_SCALAR = _TEXT | _BOUNDED | st.integers() | st.floats(allow_nan=False) | st.booleans() | st.none()
_DATA = st.recursive(
    _SCALAR,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TEXT | _BOUNDED, inner, max_size=3),
    max_leaves=12,
)


def _slow_build(raw: bytes) -> tuple[object, list]:
    """The data and the problems over the bounds, every node built by build() and checked for aliases."""
    builder = located._Builder("t.yaml", located=False, aliases=True)
    data = builder.build(yaml.compose(raw.decode("utf-8"), Loader=located._CoreSchemaLoader), ())
    return data, builder.over_bounds


@settings(max_examples=300, deadline=None)
@given(_DATA, st.booleans())
def test_bounds_found_while_building_are_those_of_the_full_walk(data: object, flow: bool) -> None:
    raw = yaml.safe_dump({"units": data}, allow_unicode=True, default_flow_style=flow).encode("utf-8")
    try:
        document, over = parse_bounded(raw, "t.yaml")
    except LoadError:
        return
    assert over == limit_problems(document)
    assert [(p.code, p.params, p.path, p.quoted) for p in over] == [
        (p.code, p.params, p.path, p.quoted) for p in limit_problems(document)
    ]
    assert (document.data, over) == _slow_build(raw)


def test_a_string_over_the_bounds_is_found_in_a_key_and_a_value_in_order() -> None:
    raw = b"a:\n  " + b"<" * 70 + b": x\n  b: '" + b"x" * 5001 + b"'\n  c: '" + b"*" * 65 + b"'\n"
    document, over = parse_bounded(raw, "t.yaml")
    found = [(p.line, p.col, p.code) for p in over]
    assert found == [(2, 3, "text.too-much-markup"), (3, 6, "text.too-long"), (4, 6, "text.too-much-markup")]
    assert over == limit_problems(document)


def test_an_alias_is_still_refused_when_the_text_has_an_anchor() -> None:
    try:
        parse_document(b"a: &x [1]\nb: *x\n", "t.yaml")
    except LoadError as error:
        assert [p.code for p in error.problems] == ["yaml.alias"]
    else:
        raise AssertionError("an alias was accepted")


class _PyYAMLResolver(located._CoreSchemaLoader):
    """The same implicit resolvers, resolved by PyYAML's own general methods."""

    resolve = BaseResolver.resolve
    descend_resolver = BaseResolver.descend_resolver
    ascend_resolver = BaseResolver.ascend_resolver


def _tags(node: yaml.Node) -> list:
    if isinstance(node, yaml.ScalarNode):
        return [node.tag, node.value]
    if isinstance(node, yaml.SequenceNode):
        return [node.tag, [_tags(item) for item in node.value]]
    return [node.tag, [(_tags(key), _tags(value)) for key, value in node.value]]


_WORDS = st.sampled_from(["", "~", "null", "NULL", "true", "False", "yes", "no", "0x1F", "0777", "1e3", "1.5e+3"])
_WORDS |= st.sampled_from(["-.inf", ".NaN", "<<", "12:30", "2024-05-01", "-", "+1", ".5", "1.", "n", "t"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_WORDS | _TEXT, max_size=6), st.booleans())
def test_the_loaders_resolver_gives_pyyamls_tags(words: list[str], quoted: bool) -> None:
    values = "".join(f"- {repr(word) if quoted else word}\n" for word in words)
    text = f"plain: [{', '.join(words)}]\nkeyed: {{k: v}}\nlist:\n{values}"
    try:
        slow = yaml.compose(text, Loader=_PyYAMLResolver)
    except yaml.YAMLError:
        return
    fast = yaml.compose(text, Loader=located._CoreSchemaLoader)
    assert _tags(fast) == _tags(slow)


@settings(max_examples=100, deadline=None)
@given(_DATA)
def test_a_parts_positions_are_those_of_its_place_in_the_whole(data: object) -> None:
    raw = yaml.safe_dump({"examples": [{"input": data}]}, allow_unicode=True).encode("utf-8")
    try:
        whole = parse_document(raw, "t.yaml")
    except LoadError:
        return
    part = whole.part(("examples", 0, "input"))
    assert part.positions is None  # found when first asked for
    prefix = ("examples", 0, "input")
    for path, mark in whole.values.items():
        if path[:3] == prefix:
            assert part.where(path[3:]) == mark
    for path, mark in whole.keys.items():
        if path[:3] == prefix:
            assert part.where(path[3:], key=True) == mark


# The text checks' shortcuts (issue 27): each skips a regex pass that could find nothing.
_UNIT_TEXT = st.lists(
    st.sampled_from([*"ab 12,.٣&;#x{}|*[]()\n", "{a.b}", "{a1.b2}", "&amp;", "&#58;", "&colon;"]), max_size=20
).map("".join)


def _bare_numbers_long_way(text: str) -> list[tuple[int, str]]:
    blanked = placeholders.PLACEHOLDER.sub(lambda m: " " * len(m.group(0)), text)
    return [(match.start(), match.group(0)) for match in re.finditer(r"\d+(?:[.,]\d+)*", blanked)]


def _numbers_long_way(source: Unit, unit: Unit) -> list:
    present = qa._number_values(unit.text)
    return [
        Message("qa.number-missing", {"number": int(n) if n.is_integer() else n})
        for n in qa._number_values(source.text)
        if n not in present
    ]


@settings(max_examples=300, deadline=None)
@given(_UNIT_TEXT, _UNIT_TEXT)
def test_the_text_checks_shortcuts_find_what_the_long_way_finds(text: str, english: str) -> None:
    assert list(placeholders.bare_numbers(text)) == _bare_numbers_long_way(text)
    entities = [
        str(message) for message in markdown_dangers(text) if message.code == "text.entity"
    ]  # the entity search, skipped without an `&`
    long_way = []
    for match in safety._CHARACTER_REFERENCE.finditer(text):
        decoded = html.unescape(match.group(0))
        if decoded != match.group(0) and decoded.isascii() and (decoded.isalnum() or decoded in ":/\\"):
            long_way.append(str(Message("text.entity", {}, {"entity": match.group(0), "spelled": decoded})))
    assert entities == long_way
    source, unit = Unit("rule.a", english, Status.ORIGINAL), Unit("rule.a", text, Status.DRAFT)
    assert qa._numbers(source, unit) == _numbers_long_way(source, unit)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(["fr", "cs", "de"]), _UNIT_TEXT | st.sampled_from(["une pièce", "un carreau", "žeton"]))
def test_only_terms_with_forbidden_forms_find_forbidden_forms(language: str, text: str) -> None:
    terms = _terms()
    unit = Unit("rule.a", text, Status.DRAFT)
    forbidding = [term for term in terms if term.forbidden.get(language)]
    assert qa._forbidden_terms(forbidding, language, unit) == qa._forbidden_terms(terms, language, unit)


@cache
def _terms() -> list[Term]:
    """The project's own terms, some with forbidden forms in some languages."""
    project = load_project(REPOSITORY).project
    assert project is not None
    return project.terms


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
    (tmp_path / "rules/alpha/sources").mkdir(parents=True)
    (tmp_path / "rules/alpha-2").mkdir()
    (tmp_path / "glossary").mkdir()
    for name in ("rules/project.yaml", "rules/alpha/en.yaml", "rules/alpha/sources/a.txt", "rules/alpha-2/en.yaml"):
        (tmp_path / name).write_text(name, encoding="utf-8")
    (tmp_path / "glossary/linked.yaml").symlink_to(tmp_path / "rules/project.yaml")  # a file link: followed
    (tmp_path / "glossary/rules").symlink_to(tmp_path / "rules", target_is_directory=True)  # a folder link: not
    (tmp_path / "glossary/broken").symlink_to(tmp_path / "missing")
    assert content_fingerprint(tmp_path) == _fingerprint_by_rglob(tmp_path)
    assert len(content_fingerprint(tmp_path)) == 5
