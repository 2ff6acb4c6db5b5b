"""Issue 49: the folding that the glossary filter and search share (text/folding.py), as data the
browser learns and as the Python twin of words.js. tests/browser/test_glossary_folding.py holds the
browser to it; here, its words, worked out by hand from rules/search-words.yaml."""

from __future__ import annotations

import json

import pytest
import yaml

from conftest import ROOT
from rulebook.text.folding import fold, folding, folding_json, split

WORDS = yaml.safe_load((ROOT / "rules" / "search-words.yaml").read_text(encoding="utf-8"))
FRENCH = folding(WORDS, "fr")


def test_each_language_folds_with_its_own_elisions() -> None:
    # rules/search-words.yaml: French elides c, d, j, l, m, n, qu, s, t, jusqu, lorsqu, puisqu, quoiqu.
    elided = {"c", "d", "j", "l", "m", "n", "qu", "s", "t", "jusqu", "lorsqu", "puisqu", "quoiqu"}
    assert set(FRENCH["elisions"]) == elided
    assert folding(WORDS, "en")["elisions"] == []  # "o'clock" and "don't" keep both parts
    assert folding(WORDS, "cs")["elisions"] == []


@pytest.mark.parametrize(
    "text, expected",
    [
        ("l'oeil", ["oeil"]),
        ("L’Œil", ["oeil"]),
        ("l´étoile", ["etoile"]),
        ("d'abeille", ["abeille"]),
        ("qu’un cœur", ["un", "coeur"]),
        ("jusqu’à l’aube", ["a", "aube"]),
        ("lorsqu'il", ["il"]),
        # No word follows: the reader is still typing, and "l" is what they typed.
        ("l'", ["l"]),
        # Not an elision: "aujourd" is no word French elides.
        ("aujourd’hui", ["aujourd", "hui"]),
        ("o'clock", ["o", "clock"]),
    ],
)
def test_french_words_lose_their_elided_article(text: str, expected: list[str]) -> None:
    assert split(text, FRENCH) == expected


def test_czech_words_lose_their_accents_and_keep_their_endings() -> None:
    czech = folding(WORDS, "cs")
    assert split("Hvězdami a VČELOU, žluťoučký kůň", czech) == ["hvezdami", "a", "vcelou", "zlutoucky", "kun"]
    # Without elisions, an apostrophe still splits a word, as search's separator does.
    assert split("l’étoile", czech) == ["l", "etoile"]


def test_the_ligatures_are_those_search_folds_with() -> None:
    for letter, plain in FRENCH["ligatures"].items():
        assert fold(letter) == plain
    assert split("Æon Łódź straße Øre", FRENCH) == ["aeon", "lodz", "strasse", "ore"]


def test_the_page_s_block_cannot_end_its_script_element() -> None:
    text = folding_json({"elisions": ["</script><script>alert(1)</script>", "a&b"]})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"elisions": ["</script><script>alert(1)</script>", "a&b"]}
