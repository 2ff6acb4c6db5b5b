"""The safe YAML loader: positions, and what it refuses."""

from __future__ import annotations

import pytest

from rulebook.located.document import DocumentError, parse_document


def problems_of(source: bytes) -> list[str]:
    with pytest.raises(DocumentError) as caught:
        parse_document(source, "t.yaml")
    return [str(problem) for problem in caught.value.problems]


def test_positions_of_values_and_keys_are_one_based() -> None:
    document = parse_document(b"units:\n  rule.a:\n    text: hello\n", "t.yaml")
    assert document.where(("units", "rule.a", "text")) == (3, 11)
    assert document.where(("units", "rule.a"), key=True) == (2, 3)
    # An unknown path falls back to its nearest ancestor.
    assert document.where(("units", "rule.a", "missing")) == (3, 5)


def test_duplicate_keys_are_refused_with_both_lines() -> None:
    assert problems_of(b"a: 1\nb: 2\na: 3\n") == ["t.yaml:3:1: duplicate key 'a' (first at line 1)"]


def test_tags_are_never_constructed(tmp_path) -> None:
    marker = tmp_path / "pwned"
    source = f'a: !!python/object/apply:os.system ["touch {marker}"]\n'.encode()
    assert problems_of(source) == [
        "t.yaml:1:4: YAML tag '!!python/object/apply:os.system' is not allowed: tags are never constructed"
    ]
    assert not marker.exists()


def test_local_tags_and_sets_are_refused() -> None:
    assert problems_of(b"a: !thing x\nb: !!set {x}\n") == [
        "t.yaml:1:4: YAML tag '!thing' is not allowed: tags are never constructed",
        "t.yaml:2:4: YAML tag '!!set' is not allowed: tags are never constructed",
    ]


def test_aliases_are_refused_where_they_stand() -> None:
    bomb = b"a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n"
    assert problems_of(bomb) == [
        "t.yaml:2:8: alias '*a' is not allowed: write the value out",
        "t.yaml:2:12: alias '*a' is not allowed: write the value out",
        "t.yaml:3:5: alias '*b' is not allowed: write the value out",
        "t.yaml:3:9: alias '*b' is not allowed: write the value out",
    ]


def test_invalid_utf8_names_line_and_column() -> None:
    assert problems_of(b"a: ok\nb: caf\xe9\n") == [
        "t.yaml:2:7: invalid UTF-8: byte 0xe9 cannot start or continue a character"
    ]


def test_syntax_error_is_located() -> None:
    assert problems_of(b"a: [1, 2\nb: 3\n")[0].startswith("t.yaml:2:")


def test_dates_stay_text_and_scalars_resolve() -> None:
    data = parse_document(b"d: 2026-11-29\nn: 3\nf: 1.5\nb: true\nz: null\n", "t.yaml").data
    assert data == {"d": "2026-11-29", "n": 3, "f": 1.5, "b": True, "z": None}
