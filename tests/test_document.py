"""The safe YAML loader: positions, and what it refuses."""

from __future__ import annotations

import pytest

from rulebook.located.document import LoadError, parse_document


def coded(source: bytes) -> list[tuple]:
    """Each problem as (line, col, code, params, quotes): what a test compares, not the English words."""
    with pytest.raises(LoadError) as caught:
        parse_document(source, "t.yaml")
    return [(p.line, p.col, p.code, dict(p.params), dict(p.quoted)) for p in caught.value.problems]


def test_positions_of_values_and_keys_are_one_based() -> None:
    document = parse_document(b"units:\n  rule.a:\n    text: hello\n", "t.yaml")
    assert document.where(("units", "rule.a", "text")) == (3, 11)
    assert document.where(("units", "rule.a"), key=True) == (2, 3)
    # An unknown path falls back to its nearest ancestor.
    assert document.where(("units", "rule.a", "missing")) == (3, 5)


def test_duplicate_keys_are_refused_with_both_lines() -> None:
    assert coded(b"a: 1\nb: 2\na: 3\n") == [(3, 1, "yaml.duplicate-key", {"first": 1}, {"key": "'a'"})]


def test_tags_are_never_constructed(tmp_path) -> None:
    marker = tmp_path / "pwned"
    source = f'a: !!python/object/apply:os.system ["touch {marker}"]\n'.encode()
    assert coded(source) == [(1, 4, "yaml.tag", {}, {"tag": "!!python/object/apply:os.system"})]
    assert not marker.exists()


def test_local_tags_and_sets_are_refused() -> None:
    assert coded(b"a: !thing x\nb: !!set {x}\n") == [
        (1, 4, "yaml.tag", {}, {"tag": "!thing"}),
        (2, 4, "yaml.tag", {}, {"tag": "!!set"}),
    ]


def test_aliases_are_refused_where_they_stand() -> None:
    bomb = b"a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n"
    assert coded(bomb) == [
        (2, 8, "yaml.alias", {}, {"name": "a"}),
        (2, 12, "yaml.alias", {}, {"name": "a"}),
        (3, 5, "yaml.alias", {}, {"name": "b"}),
        (3, 9, "yaml.alias", {}, {"name": "b"}),
    ]


def test_invalid_utf8_names_line_and_column() -> None:
    assert coded(b"a: ok\nb: caf\xe9\n") == [(2, 7, "yaml.utf-8", {"byte": "e9"}, {})]


def test_syntax_error_is_located() -> None:
    # Found at line 2, where the list should have closed; said with where it opened (line 1, column 4).
    [(line, _col, code, params, _quoted)] = coded(b"a: [1, 2\nb: 3\n")
    assert (line, code, params) == (2, "yaml.unclosed", {"line": 1, "column": 4})


def test_dates_stay_text_and_scalars_resolve() -> None:
    data = parse_document(b"d: 2026-11-29\nn: 3\nf: 1.5\nb: true\nz: null\n", "t.yaml").data
    assert data == {"d": "2026-11-29", "n": 3, "f": 1.5, "b": True, "z": None}
