"""Czech one-letter prepositions and conjunctions are tied to the next word on the pages, never in the
data, and the tie leaves Markdown, links and code spans as they were. The project is the translated
fixture (fixture_games.py) with the project's own typography and glossary, and one Czech caption of
alpha's that holds a one-letter word (TIED)."""

from __future__ import annotations

import re
from pathlib import Path

import markdown
import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import made_once
from fixture_games import make_translated_project, with_glossary, with_typography
from rulebook.load.project import load_project
from rulebook.model import Project
from rulebook.render.context import PageContext
from rulebook.render.pages import render_pages
from rulebook.render.ties import NO_BREAK_SPACE, tie_words

# alpha's Czech caption, its last sentence given the preposition s ("with").
PLAIN = "Vyhrává Ann."
TIED = "Vyhrává Ann s nejvyšším součtem."
# The words Czech ties to the next (rules/project.yaml, typography.cs), which with_typography gives.
CZECH = ("k", "s", "v", "z", "o", "u", "i")
# A listed word, as a whole word, left with a plain space before the next word.
_UNTIED = re.compile(r"(?<![\w\\&#.'’])(?:" + "|".join(CZECH) + r") +\S", re.IGNORECASE)
_CODE_SPAN = re.compile(r"(`+).+?\1", re.DOTALL)


def make_tied_project(root: Path) -> None:
    make_translated_project(root)
    with_typography(root)
    with_glossary(root, "alpha")
    czech = root / "rules/alpha/cs.yaml"
    text = czech.read_text(encoding="utf-8")
    assert text.count(PLAIN) == 1
    czech.write_text(text.replace(PLAIN, TIED), encoding="utf-8")


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    return load_project(made_once(tmp_path_factory, "tied-project", make_tied_project)).project


@pytest.fixture(scope="module")
def pages(project: Project) -> dict[str, str]:
    return {page.path: page.text for page in render_pages(project)}


def test_czech_is_the_language_that_ties_k_s_v_z_o_u_i(project: Project) -> None:
    assert project.typography["cs"].tie_to_next_word == CZECH
    assert all(not rules.tie_to_next_word for language, rules in project.typography.items() if language != "cs")


def test_the_data_keeps_plain_spaces_and_the_czech_page_ties(project: Project, pages: dict[str, str]) -> None:
    alpha = next(game for game in project.games if game.id == "alpha")
    caption = alpha.words["cs"].units["example.highest-total"].text
    assert "Ann s nejvyšším" in caption and NO_BREAK_SPACE not in caption
    assert f"Ann s{NO_BREAK_SPACE}nejvyšším" in pages["cs/alpha.md"]
    assert "Ann s nejvyšším" not in pages["cs/alpha.md"]


def test_no_czech_unit_leaves_a_one_letter_word_untied(project: Project) -> None:
    """Every Czech unit as the pages write it (PageContext.text), rules and glossary alike."""
    context = PageContext(project, "cs")
    untied = [
        (text_set.words["cs"].document.file, unit_id)
        for text_set in [*project.games, project.glossary]
        for unit_id in text_set.words["cs"].units
        if _UNTIED.search(_CODE_SPAN.sub("", context.text(text_set, unit_id)))
    ]
    assert untied == []
    there_were = [*project.glossary.words["cs"].units.values(), *project.game("alpha").words["cs"].units.values()]
    assert sum(bool(_UNTIED.search(unit.text)) for unit in there_were) > 1  # alpha's caption and the glossary's


def test_english_and_french_pages_are_not_tied(pages: dict[str, str]) -> None:
    assert "I saw" in pages["en/glossary.md"]  # the glossary's eye: "I saw"
    french = pages["fr/alpha.md"]  # "Un jeu pour 2 à 4 joueurs", filled in
    assert "2 à 4 joueurs" in french and not re.search(f"\\b[ksvzoui]{NO_BREAK_SPACE}", french)
    # glossary/fr.yaml, a description of the glossary's: "Les Z sont le ronflement…", Z a word Czech ties.
    assert "Les Z sont le ronflement" in pages["fr/glossary.md"]


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
