"""Where the safety checks say a problem is, when the path to it is empty (issue 17)."""

from __future__ import annotations

from rulebook.located.document import parse_document
from rulebook.validate.safety import character_problems


def test_a_control_character_in_a_top_level_key_is_said_to_be_in_the_document() -> None:
    # A key is text too; one at the top level has no path of its own, so the message names the document.
    document = parse_document(b'"a\\x07b": 1\n', "case.yaml")
    assert [str(problem) for problem in character_problems(document)] == [
        "case.yaml:1:1: (document): the control character U+0007 at character 2 is not allowed"
    ]


def test_the_problem_has_the_code_of_a_control_character_and_where_it_is() -> None:
    document = parse_document(b'key: "x\\x1b[31m"\n', "case.yaml")
    [problem] = character_problems(document)
    assert (problem.code, problem.path, dict(problem.params)) == (
        "text.control-character",
        ("key",),
        {"codepoint": "001B", "position": 2},  # ESC, the second character of the value
    )
