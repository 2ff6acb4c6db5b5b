"""Czech one-letter prepositions and conjunctions are tied to the next word on the pages, never in the
data, and the tie leaves Markdown, links and code spans as they were."""

from __future__ import annotations

import re

import markdown
import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import ROOT
from rulebook.load.project import load_project
from rulebook.render.context import PageContext
from rulebook.render.pages import render_pages
from rulebook.render.ties import NO_BREAK_SPACE, tie_words

PROJECT = load_project(ROOT).project
CZECH = PROJECT.typography["cs"].tie_to_next_word
# A listed word, as a whole word, left with a plain space before the next word.
_UNTIED = re.compile(r"(?<![\w\\&#.'’])(?:" + "|".join(CZECH) + r") +\S", re.IGNORECASE)
_CODE_SPAN = re.compile(r"(`+).+?\1", re.DOTALL)


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return {page.path: page.text for page in render_pages(PROJECT)}


def test_czech_is_the_language_that_ties_k_s_v_z_o_u_i() -> None:
    assert sorted(CZECH) == sorted("ksvzoui")
    assert all(not rules.tie_to_next_word for language, rules in PROJECT.typography.items() if language != "cs")


def test_the_data_keeps_plain_spaces_and_the_czech_page_ties(pages: dict[str, str]) -> None:
    rebus = next(game for game in PROJECT.games if game.id == "rebus")
    caption = rebus.words["cs"].units["example.ten-tiles"].text
    assert "v jednom tahu" in caption and NO_BREAK_SPACE not in caption
    assert f"v{NO_BREAK_SPACE}jednom tahu" in pages["cs/rebus.md"]
    assert "v jednom tahu" not in pages["cs/rebus.md"]


def test_no_czech_unit_leaves_a_one_letter_word_untied() -> None:
    """Every Czech unit as the pages write it (PageContext.text), rules and glossary alike."""
    context = PageContext(PROJECT, "cs")
    untied = [
        (text_set.words["cs"].document.file, unit_id)
        for text_set in [*PROJECT.games, PROJECT.glossary]
        for unit_id in text_set.words["cs"].units
        if _UNTIED.search(_CODE_SPAN.sub("", context.text(text_set, unit_id)))
    ]
    assert untied == []
    assert any(_UNTIED.search(unit.text) for unit in PROJECT.glossary.words["cs"].units.values())  # there were some


def test_english_and_french_pages_are_not_tied(pages: dict[str, str]) -> None:
    assert "I saw" in pages["en/rebus.md"]
    french = pages["fr/rebus.md"]
    assert re.search(r"\bà [a-z]", french) and not re.search(f"\\b[ksvzoui]{NO_BREAK_SPACE}", french)


def html(text: str) -> str:
    return markdown.markdown(text)


@pytest.mark.parametrize(
    "text",
    [
        'Hráč s nejvyšším skóre v [tahu](#v-tahu "i v titulku") a `v kódu s mezerou` i ``a ` v``.',
        "- v prvním bodě\n- i ve druhém\n\nk odstavci *s důrazem* a **v tučném**",
        "V pytlíku\nv dalším řádku i\n1. o čem\n",
        "Odkaz <https://example.org/v s> a e-mail u@v.cz, U+202F a s.r.o. z toho",
    ],
)
def test_markdown_reads_the_same_after_the_tie(text: str) -> None:
    tied = tie_words(text, CZECH)
    assert tied != text
    assert html(tied).replace(NO_BREAK_SPACE, " ") == html(text)
    for code in _CODE_SPAN.findall(text):
        assert code in tied


@given(st.text(alphabet="ksvzouiKSV abc`*_[]()#-\n.'’&\\", max_size=40))
def test_the_tie_only_ever_turns_a_space_into_a_no_break_space(text: str) -> None:
    tied = tie_words(text, CZECH)
    assert len(tied) == len(text)
    assert all(a == b or (a, b) == (" ", NO_BREAK_SPACE) for a, b in zip(text, tied, strict=True))
    code = [span.span() for span in _CODE_SPAN.finditer(text)]
    assert all(text[i] == tied[i] for start, end in code for i in range(start, end))
