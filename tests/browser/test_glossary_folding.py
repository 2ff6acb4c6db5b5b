"""Issue 49: the glossary filter and search fold words one way (text/folding.py, words.js), tried on
words no test used before: straight and typographic apostrophes, « l' », « d' », « qu' », œ and oe,
and Czech case endings. The French cards say « Œil », « Une étoile », « Une abeille avec ses ailes »,
« Un cœur »; the Czech ones „Oko“, „Hvězda“, „Včela“, „Srdce“."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlparse

import pytest
import yaml
from playwright.sync_api import Page

from browser.test_glossary_site import filter_for, glossary_tab  # noqa: F401 (a fixture)
from conftest import ROOT
from rulebook.render.search import FOLDED_FIELD, FOLDING_ATTRIBUTE, WORDS_ATTRIBUTE, search_words
from rulebook.text import folding as words

pytestmark = pytest.mark.browser

SITE = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
SEARCH_WORDS = yaml.safe_load((ROOT / "rules" / "search-words.yaml").read_text(encoding="utf-8"))

FRENCH = [
    ("l'oeil", ["eye"]),
    ("l’œil", ["eye"]),
    ("L’ŒIL", ["eye"]),
    ("l’étoile", ["star"]),
    ("l'etoile", ["star"]),
    ("d'abeille", ["bee"]),
    ("d’abeilles", ["bee"]),  # the plural, through the stemmer
    ("l´abeille", ["bee"]),  # the accent a keyboard puts for an apostrophe
    ("qu'un cœur", ["heart"]),  # « Un cœur. »: « qu' » goes, « un » and « coeur » stay
    ("qu’un coeur", ["heart"]),
    ("lorsqu'une étoile", ["star"]),  # « Une étoile. »
]
# Czech declines: the instrumental and the plural find the card's nominative through the stem.
CZECH = [
    ("včelou", ["bee"]),
    ("vcelami", ["bee"]),
    ("hvězdami", ["star"]),
    ("hvezdou", ["star"]),
    ("srdcem", ["heart"]),
]


@pytest.mark.parametrize("query, expected", FRENCH)
def test_the_french_filter_drops_elided_words_and_folds_ligatures(
    glossary_tab: Callable[[str], Page],  # noqa: F811
    query: str,
    expected: list[str],
) -> None:
    assert filter_for(glossary_tab("/fr"), query) == expected


@pytest.mark.parametrize("query, expected", CZECH)
def test_the_czech_filter_finds_a_declined_word(
    glossary_tab: Callable[[str], Page],  # noqa: F811
    query: str,
    expected: list[str],
) -> None:
    assert filter_for(glossary_tab("/cs"), query) == expected


def test_an_elision_alone_is_still_a_word(glossary_tab: Callable[[str], Page]) -> None:  # noqa: F811
    """Only before a word does « l' » go: "l'" alone, as the reader starts typing, keeps "l", so
    cards with a word in l show (« lièvre »), and a word that is no elision keeps its part (« o'clock »)."""
    page = glossary_tab("/fr")
    assert "hare" in filter_for(page, "l'")
    assert filter_for(page, "o'clock") == ["clock"]


SAMPLES = [
    "L’Œil d´abeille",
    "qu'un cœur, lorsqu’une étoile",
    "jusqu’à aujourd’hui",
    "Hvězdami a včelou: ŽLUŤOUČKÝ kůň",
    "l'",
    "Æon Łódź straße",
]


@pytest.mark.parametrize("language_root, language", [("/fr", "fr"), ("/cs", "cs"), ("", "en")])
def test_the_page_folds_as_render_words_does(
    glossary_tab: Callable[[str], Page],  # noqa: F811
    language_root: str,
    language: str,
) -> None:
    """The page's folding data is text/folding.py's for its language, and words.js splits a text into
    the words text/folding.py's `split` gives."""
    page = glossary_tab(language_root)
    data = words.folding(SEARCH_WORDS, language)
    assert page.evaluate("JSON.parse(document.getElementById('rb-words').textContent)") == data
    for sample in SAMPLES:
        assert page.evaluate("text => rulebookWords.split(text)", sample) == words.split(sample, data), sample


def found(page: Page, url: str, query: str, anchor: str) -> list[str]:
    """The results of the site's search box for `query`, once the card `anchor` is among them."""
    page.goto(url)
    page.click("input.md-search__input")
    page.keyboard.type(query)
    page.wait_for_function(
        "anchor => [...document.querySelectorAll('.md-search-result__item a')].some(a => a.hash === anchor)",
        arg=f"#{anchor}",
        timeout=10_000,
    )
    hrefs = page.eval_on_selector_all(".md-search-result__item a", "links => links.map(a => a.href)")
    return [f"{urlparse(href).path}#{urlparse(href).fragment}" for href in hrefs]


@pytest.mark.search
@pytest.mark.parametrize(
    "language_root, query, anchor",
    [
        ("/fr", "l'oeil", "eye"),
        ("/fr", "l’étoile", "star"),
        ("/fr", "d'abeille", "bee"),
        ("/fr", "qu’un coeur", "heart"),
        ("/cs", "včelou", "bee"),
        ("/cs", "hvězdami", "star"),
    ],
)
def test_site_search_finds_the_same_cards(
    page: Page, site_url: str, language_root: str, query: str, anchor: str
) -> None:
    found(page, f"{site_url}{language_root}/", query, anchor)


@pytest.mark.search
def test_an_elided_word_changes_no_result(page: Page, site_url: str) -> None:
    """Search drops « l' » as the filter does: "l'oeil" and "oeil" give the same results, in order."""
    with_article = found(page, f"{site_url}/fr/", "l'oeil", "eye")
    assert with_article == found(page, f"{site_url}/fr/", "oeil", "eye")


WORKER_INDEX = """async ([worker, separator, field, declared, text]) => {
  const search = new Worker(worker);
  const ask = (message) => new Promise((resolve) => {
    search.onmessage = (event) => resolve(event.data);
    search.postMessage(message);
  });
  const config = {lang: ["fr", "rb"], separator, pipeline: ["stemmer", "stopWordFilter", "trimmer"],
    fields: {title: {boost: 1000}, text: {boost: 1}, [field]: {boost: 1, ...declared}}};
  await ask({type: 0, data: {config, docs: [  // Material's SETUP, then a QUERY each
    {location: "eye/", title: "Yeux", text},
    {location: "moon/", title: "Lune", text: "La lune et le lapin."}], options: {suggest: false}}});
  const results = {};
  for (const query of ["oeil", "l'oeil", "l’oeil", "lapin"]) {
    const answer = await ask({type: 2, data: query});
    results[query] = answer.data.items.flat().map((item) => item.location);
  }
  search.terminate();
  return results;
}"""


@pytest.mark.search
def test_the_search_index_drops_an_elided_word_before_a_straight_apostrophe(page: Page, site_url: str) -> None:
    """Material's separator keeps a straight apostrophe ("don't"), so a text's "l'oeil" reaches lunr
    whole; the pipeline drops its « l' » (lunr.rb.min.js), and "oeil" finds it. Material's own search
    worker, given a two-entry index and the French folding and search words."""
    page.goto(f"{site_url}/fr/")
    worker = page.evaluate("new URL(JSON.parse(document.getElementById('__config').textContent).search, location).href")
    # The folded field's declaration, as render/search.py's split_index writes it.
    declared = {FOLDING_ATTRIBUTE: words.folding(SEARCH_WORDS, "fr"), WORDS_ATTRIBUTE: search_words(SEARCH_WORDS, "fr")}
    separator = next(plugin["search"]["separator"] for plugin in SITE["plugins"] if "search" in plugin)
    results = page.evaluate(WORKER_INDEX, [worker, separator, FOLDED_FIELD, declared, "Ferme l'oeil et qu'il dorme."])
    assert results == {"oeil": ["eye/"], "l'oeil": ["eye/"], "l’oeil": ["eye/"], "lapin": ["moon/"]}
