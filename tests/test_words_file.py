"""An import rewrites only the units it changes (rulebook/i18n/words_file.py): each in a document
of its own, every other line kept. It must write exactly what ruamel.yaml's round trip of the whole
file writes (`_apply_whole`), on the project's files and on generated ones; a file laid out in a way
the cut does not know is written whole."""

from __future__ import annotations

from io import StringIO

import pytest
from hypothesis import given
from hypothesis import strategies as st
from ruamel.yaml.comments import CommentedMap

from conftest import ROOT
from rulebook.i18n import words_file
from rulebook.i18n.words_file import Change, _apply_whole, apply_changes, unit_blocks
from rulebook.load.project import load_project

WORDS_FILES = sorted(
    path.relative_to(ROOT).as_posix()
    for path in [*ROOT.glob("rules/*/*.yaml"), *ROOT.glob("glossary/*.yaml")]
    if path.stem in load_project(ROOT).project.languages
)


def _changes(unit_id: str) -> list[Change]:
    """A short text, a folded one made a draft that needs work, a literal one with facts."""
    return [
        Change(unit_id, "Short text.", "abc", None),
        Change(unit_id, "A long text that folds. " * 6, "abc", "draft", True),
        Change(unit_id, "Two\nlines", "abc", "reviewed", False, {"components.bags": 3}),
    ]


@pytest.mark.slow  # ruamel reads each of the project's files whole: 0.5 s for a glossary's
@pytest.mark.parametrize("file", WORDS_FILES)
def test_a_projects_file_is_written_as_the_whole_round_trip_writes_it(file: str) -> None:
    text = (ROOT / file).read_text(encoding="utf-8")
    cut = unit_blocks(text)
    assert cut is not None, "the project's files are laid out as the cut expects"
    head, blocks, tail = cut
    assert head + "".join(block for _, block in blocks) + tail == text
    ids = [unit_id for unit_id, _ in blocks]
    # The first, middle and last units, each with one kind of change, and a new unit among them.
    for kind, unit_id in enumerate((ids[0], ids[len(ids) // 2], ids[-1])):
        change = _changes(unit_id)[kind]
        assert apply_changes(text, [change], ids) == _apply_whole(text, [change], ids), (unit_id, change)
    order = [*ids[:3], "new.unit", *ids[3:]]
    new = [Change("new.unit", "New.", "abc", None), _changes(ids[-1])[0]]
    assert apply_changes(text, new, order) == _apply_whole(text, new, order)


EDGES = {
    "comments between units and after the last": (
        'language: fr\n# about the units\nunits:\n  a:\n    text: A\n    source: "x"\n  # before b\n\n'
        '  b:\n    text: B # said\n    source: "y"\n    status: draft\n# the end\n'
    ),
    "a key after the units": 'language: fr\nunits:\n  a:\n    text: A\n    source: "x"\nnotes: kept\n',
    "a unit in flow style": 'language: fr\nunits:\n  a: {text: A, source: "x"}\n  b:\n    text: B\n',
    "quoted and long texts": (
        'units:\n  a:\n    text: "yes"\n    source: "x"\n  b:\n    text: >-\n      folded\n      here\n'
        '    source: "y"\n    facts: {f.g: 2}\n'
    ),
}
# Laid out in a way the cut does not know: written whole, as before.
WHOLE = {
    "units in flow style": 'language: fr\nunits: {a: {text: A, source: "x"}}\n',
    "an anchor and an alias": 'units:\n  a: &one\n    text: A\n    source: "x"\n  b: *one\n',
    "an explicit tag": 'units:\n  a:\n    text: !!str A\n    source: "x"\n',
    "Windows line ends": 'units:\r\n  a:\r\n    text: A\r\n    source: "x"\r\n',
    "a quoted key": 'units:\n  "a":\n    text: A\n    source: "x"\n',
    "units indented by four": 'units:\n    a:\n        text: A\n        source: "x"\n',
    "no newline at the end": 'language: fr\nunits:\n  a:\n    text: A\n    source: "x"\n  b:\n    text: B',
}


@pytest.mark.parametrize("text", list(EDGES.values()), ids=list(EDGES))
def test_each_layout_is_written_as_the_whole_round_trip_writes_it(text: str) -> None:
    assert unit_blocks(text) is not None
    for change in [*_changes("a"), Change("b", "Bee", "h", None), Change("c", "Cee", "h", None)]:
        for order in (["a", "b", "c"], ["c", "a", "b"]):
            assert apply_changes(text, [change], order) == _apply_whole(text, [change], order), change


@pytest.mark.parametrize("text", list(WHOLE.values()), ids=list(WHOLE))
def test_a_layout_the_cut_does_not_know_is_written_whole(text: str, monkeypatch) -> None:
    assert unit_blocks(text) is None
    whole: list[str] = []
    real = words_file._apply_whole
    monkeypatch.setattr(words_file, "_apply_whole", lambda *args: whole.append("called") or real(*args))
    apply_changes(text, [Change("a", "Aa", "h", None)], ["a", "b"])
    assert whole == ["called"]


def test_only_the_changed_unit_is_read_by_ruamel(monkeypatch) -> None:
    text = (ROOT / "glossary/fr.yaml").read_text(encoding="utf-8")
    read: list[str] = []
    real = words_file._yaml

    def recording():
        round_trip = real()
        load = round_trip.load
        round_trip.load = lambda source: read.append(source) or load(source)  # type: ignore[method-assign]
        return round_trip

    monkeypatch.setattr(words_file, "_yaml", recording)
    after = apply_changes(text, [Change("symbol.eye.name", "Œil ouvert", "abc", None)], [])
    assert len(read) == 1 and read[0].count("\n  symbol.") == 1  # the unit alone, nested as in the file
    changed = [line for line in after.splitlines() if line not in text.splitlines()]
    assert changed == ["    text: Œil ouvert", '    source: "abc"']


_TEXT = st.text(st.sampled_from("ab :#-'\"{}\n*é"), min_size=1, max_size=30)
_IDS = st.lists(st.sampled_from(["a", "b.c", "d-e", "f", "g.h.i"]), min_size=1, max_size=4, unique=True)


@given(
    ids=_IDS,
    texts=st.lists(_TEXT, min_size=4, max_size=4),
    comments=st.lists(st.booleans(), min_size=4, max_size=4),
    # One change a unit, as an import makes them (a PO file names each unit once).
    changed=st.lists(
        st.tuples(st.sampled_from(["a", "b.c", "d-e", "f", "g.h.i", "new"]), _TEXT),
        max_size=3,
        unique_by=lambda change: change[0],
    ),
)
def test_generated_files_and_changes_are_written_as_the_whole_round_trip_writes_them(
    ids: list[str], texts: list[str], comments: list[bool], changed: list[tuple[str, str]]
) -> None:
    units = CommentedMap()
    for unit_id, text in zip(ids, texts, strict=False):
        units[unit_id] = CommentedMap({"text": words_file._scalar(text), "source": "x", "status": "draft"})
    out = StringIO()
    words_file._yaml().dump(CommentedMap({"language": "fr", "units": units}), out)
    lines = out.getvalue().splitlines(keepends=True)
    for index in reversed(range(len(lines))):  # a comment line before some units
        if lines[index].startswith("  ") and not lines[index].startswith("   ") and comments[index % 4]:
            lines.insert(index, "  # a translator's note\n")
    original = "".join(lines)
    order = [*ids, "new"]
    changes = [Change(unit_id, text, "abc", None) for unit_id, text in changed]
    assert apply_changes(original, changes, order) == _apply_whole(original, changes, order)


def test_every_words_file_of_the_project_is_tried() -> None:
    project = load_project(ROOT).project
    expected = {
        f"{text_set.folder.relative_to(ROOT).as_posix()}/{language}.yaml"
        for text_set in project.text_sets()
        for language in project.languages
    }
    assert expected <= set(WORDS_FILES)
