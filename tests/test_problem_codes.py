"""Every problem has a stable code (issue 25): registered once, with English words that French and
Czech say too, listed in dev/problem-codes.md, and carried by every problem the checks produce,
whose message is what its code, params and quotes say: for hostile text here, and for every fault
of every check in test_each_check.py, which asserts it on the problems each fault gives.

The checks' problems are made on the translated fixture (fixture_games.py): its game alpha, whose first
French unit is `summary`, given with add_rules room for a share of the hostile corpus, one text a rule."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from conftest import ROOT, run_cli
from fixture_games import add_rules
from hostile import REFUSED_TEXT, plant_units
from rulebook.i18n.catalog_text import placeholders
from rulebook.problem_codes import CODE_PATTERN, registry
from rulebook.validate.check import check_project
from test_each_check import assert_coded

CODES_DOC = ROOT / "dev" / "problem-codes.md"


# The layers of codes: reading, schemas, text, ids, units, translation, content, project and site, scoring.
LAYERS = {"file", "yaml", "schema", "text", "id", "unit", "qa", "plural", "catalog", "i18n"}
LAYERS |= {"glossary", "example", "term", "project", "site", "search", "edition", "score", "authoring", "source"}
LAYERS |= {"ruling"}  # a referee note's claims: what it quotes, and that a restatement does not narrow


def _words(code: str) -> tuple[str, ...]:
    words = registry()[code].words
    return words if isinstance(words, tuple) else (words,)


def test_every_code_is_a_layer_and_a_kebab_name() -> None:
    assert len(registry()) > 50
    for name, code in registry().items():
        assert CODE_PATTERN.match(name), name
        assert code.layer in LAYERS, name


def test_every_placeholder_of_a_code_is_a_param_or_a_quote_and_each_is_used() -> None:
    for name, code in registry().items():
        used = {found.strip("{}") for words in _words(name) for found in placeholders(words)}
        declared = set(code.params) | set(code.quoted)
        assert used <= declared, name
        # A param may be for machines alone (file.too-large's bytes); a quote is for the words, or for
        # a translated quote's words ("; got {value}").
        assert not set(code.quoted) - used or code.translated, name


@pytest.mark.parametrize("language", ["fr", "cs"])
def test_every_code_is_said_in_french_and_czech_with_the_same_placeholders(language: str) -> None:
    with (ROOT / "locales" / language / "LC_MESSAGES" / "messages.po").open("rb") as stream:
        catalog = read_po(stream, locale=language)
    forms = catalog.num_plurals
    for name in registry():
        words = registry()[name].words
        entry = catalog.get(words)
        assert entry is not None, f"{name}: not in the {language} catalog; run `make messages`"
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        assert all(strings), f"{name}: not translated into {language}"
        assert len(strings) == (forms if isinstance(words, tuple) else 1), name
        wanted = set().union(*(placeholders(msgid) for msgid in _words(name)))
        for string in strings:
            assert placeholders(string) == wanted, f"{name} in {language}: {string!r}"


def test_the_developers_table_lists_exactly_the_registered_codes_with_their_words() -> None:
    rows = re.findall(r"^\| `([^`]+)` \| (.*) \| (.*) \|$", CODES_DOC.read_text(encoding="utf-8"), re.MULTILINE)
    listed = {code: (words, params) for code, words, params in rows}
    assert set(listed) == set(registry()), "dev/problem-codes.md and the registry differ"
    for name, code in registry().items():
        words, params = listed[name]
        assert _words(name)[-1] in words.replace("\\|", "|"), name
        assert params == (", ".join(f"`{param}`" for param in code.params) or "—"), name


def test_a_message_in_another_language_is_said_from_the_catalog(translated_project: Path, capsys) -> None:
    root = translated_project
    plant_units(root, "rules/alpha/fr.yaml", {"summary": "<b>x</b>"})
    code, out, _ = run_cli(capsys, "--root", str(root), "check", "--lang", "cs")
    assert code == 1
    assert "surové HTML není v textu povoleno: '<b>'" in out  # the Czech catalog's words for text.raw-html
    code, out, _ = run_cli(capsys, "--root", str(root), "check", "--json")
    # Translation QA also finds the French changed (its own codes, qa.*).
    problems = [problem for problem in json.loads(out)["problems"] if problem["code"] == "text.raw-html"]
    assert [(problem["path"], problem["params"]) for problem in problems] == [(["units", "summary", "text"], {})] * 2
    assert [problem["message"] for problem in problems] == [
        "units.summary.text: raw HTML is not allowed in text: '</b>'",
        "units.summary.text: raw HTML is not allowed in text: '<b>'",
    ]
    assert run_cli(capsys, "--root", str(root), "check", "--lang", "xx")[0] == 2


ROUNDS = 3


@pytest.mark.parametrize("round_index", range(ROUNDS))
def test_every_refusal_of_hostile_text_has_a_registered_code(translated_project: Path, round_index: int) -> None:
    root = translated_project
    file = "rules/alpha/en.yaml"  # English: no translation QA; the translations it changes are warned about
    share = REFUSED_TEXT[round_index::ROUNDS]
    ids = ["rule.players", "rule.winner", *add_rules(root, len(share) - 2)]
    plant_units(root, file, {unit_id: text for unit_id, (_, text) in zip(ids, share, strict=True)})
    errors = [problem for problem in check_project(root)[1] if problem.is_error]
    assert errors
    assert_coded(errors)
    # Each planted text is refused; a referee note that quoted a rule replaced here says so too.
    planted = {problem.path for problem in errors if problem.code != "ruling.quote-not-in-rule"}
    assert len(planted) == len(share)
