"""Scalars written so that every YAML reader reads them back as the text they are.

The project reads YAML 1.2 (located/document.py), but MkDocs, PyYAML and many editors read YAML 1.1,
where a plain `no` is false, `0777` is 511 and `1:30` is 90. What we write is quoted wherever a
YAML 1.1 reader would take it for anything but its text: `rulebook new language no` must give
mkdocs.yml a locale "no", not false.
"""

from __future__ import annotations

import json
from typing import Any

import yaml
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

_YAML_11 = yaml.SafeLoader("")
_STRING = "tag:yaml.org,2002:str"


def misread_by_yaml_11(text: str) -> bool:
    """Whether YAML 1.1 reads `text`, written plain, as something else than this string.

    >>> [misread_by_yaml_11(text) for text in ("no", "0777", "1:30", "2024-05-01", "fr", "No way")]
    [True, True, True, True, False, False]
    """
    return _YAML_11.resolve(yaml.ScalarNode, text, (True, False)) != _STRING


def scalar(text: str) -> str:
    """`text` as a YAML scalar for a template: plain when every reader reads it so, else quoted.

    >>> scalar("fr"), scalar("no")
    ('fr', '"no"')
    """
    return json.dumps(text, ensure_ascii=False) if misread_by_yaml_11(text) else text


def quote_misread(data: Any) -> Any:
    """Round-trip data (ruamel) with each plain string value that YAML 1.1 would misread double-quoted;
    quoted, folded and literal strings are left as they are."""
    if isinstance(data, CommentedMap):
        for key, value in data.items():
            data[key] = _quoted(value)
    elif isinstance(data, CommentedSeq):
        for index, value in enumerate(data):
            data[index] = _quoted(value)
    return data


def _quoted(value: Any) -> Any:
    if type(value) is str:  # a plain scalar: ruamel's quoted ones are subclasses of str
        return DoubleQuotedScalarString(value) if misread_by_yaml_11(value) else value
    return quote_misread(value)
