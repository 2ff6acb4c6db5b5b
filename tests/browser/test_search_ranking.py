"""Search that ranks: a query set across the three languages, each with the result a reader wants,
chosen from the rules themselves. A query hits when that result is among the first three."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

# (language, query, the section or card that answers it): the wanted result is a rule, never the
# referee notes, and an inflected word finds its other forms. Most are players' questions as typed
# (issue 28), with the words the rules themselves do not use.
TUNING = [
    ("en", "score", "/rebus/#scoring"),
    ("en", "bonus squares", "/rebus/#scoring"),
    ("en", "red token", "/rebis/#tokens"),
    ("en", "timer", "/oh-my-word/#timer"),
    ("en", "closing a shelf", "/rebis/#closing"),
    ("en", "tiebreaker", "/oh-my-word/#tiebreaker"),
    ("en", "unplayed tiles", "/rebus/#scoring"),
    ("en", "starting player", "/rebus/#play"),
    ("en", "ewe", "/glossary/#ewe"),
    ("en", "who starts", "/rebus/#play"),  # the text says "goes first", "begins"
    ("en", "draw pile empty", "/rebus/#forming"),  # REBUS 2.8: "none remain in the same color"
    ("en", "draw pile empty", "/rebis/#end"),  # Rebis 5.1: "the deck runs out"
    ("en", "who wins a tie", "/rebus/#ending"),
    ("fr", "égalités", "/fr/oh-my-word/#tiebreaker"),  # the text says « égalité »
    ("fr", "étagères", "/fr/rebis/#closing"),
    ("fr", "jeton rouge", "/fr/rebis/#tokens"),
    ("fr", "cases bonus", "/fr/rebus/#scoring"),
    ("fr", "minuteur", "/fr/oh-my-word/#timer"),
    ("fr", "feuille", "/fr/glossary/#leaf"),
    ("fr", "sacs", "/fr/rebus/#play"),
    ("fr", "départage", "/fr/oh-my-word/#tiebreaker"),
    ("fr", "combien de cartes en main", "/fr/rebis/#turn"),  # the glossary's « Deux » came first
    ("fr", "mots interdits", "/fr/rebus/#forming"),  # the text says « Interdit », « pas autorisées »
    ("fr", "qui commence", "/fr/rebus/#play"),
    ("fr", "ex aequo", "/fr/oh-my-word/#tiebreaker"),  # the text says « égalité »
    ("cs", "bodům", "/cs/oh-my-word/#end"),  # the text says "bodů", "body"
    ("cs", "polici", "/cs/rebis/#closing"),
    ("cs", "časovače", "/cs/oh-my-word/#timer"),  # the text says "časovač", "časovači"
    ("cs", "kamínky", "/cs/rebus/#play"),
    ("cs", "remíza", "/cs/oh-my-word/#tiebreaker"),  # the text says "nerozhodném výsledku", "shodně"
    ("cs", "remíza", "/cs/rebus/#ending"),  # the text says "rovnosti skóre"
    ("cs", "list", "/cs/glossary/#leaf"),
    ("cs", "rozstřel", "/cs/oh-my-word/#tiebreaker"),
    ("cs", "zeton smuly", "/cs/oh-my-word/#materials"),  # typed without accents
    ("cs", "kdo začíná", "/cs/rebus/#play"),
]
# Written down before the synonyms were (search/words.yaml) and never used to choose them: the
# hit rate on these says how well the data carries over to questions nobody tuned it for.
HELD_OUT = [
    ("en", "how many tiles do I draw", "/rebus/#play"),
    ("en", "hand limit", "/rebis/#turn"),
    ("en", "batteries", "/oh-my-word/#timer"),
    ("en", "what happens when the timer rings", "/oh-my-word/#gameplay"),
    ("en", "when does Rebis end", "/rebis/#end"),
    ("en", "swap my tiles", "/rebus/#forming"),
    ("en", "reverse tile", "/oh-my-word/#gameplay"),
    ("en", "how many bad luck tokens", "/oh-my-word/#materials"),
    ("fr", "pioche vide", "/fr/rebus/#forming"),
    ("fr", "piles", "/fr/oh-my-word/#timer"),
    ("fr", "combien de jetons malchance", "/fr/oh-my-word/#materials"),
    ("fr", "échanger ses tuiles", "/fr/rebus/#forming"),
    ("fr", "tuile inversion", "/fr/oh-my-word/#gameplay"),
    ("fr", "égalité de score", "/fr/rebus/#ending"),
    ("cs", "baterie", "/cs/oh-my-word/#timer"),
    ("cs", "limit karet v ruce", "/cs/rebis/#turn"),
    ("cs", "kdo dostane červený žeton", "/cs/rebis/#end"),
    ("cs", "výměna kamínků", "/cs/rebus/#forming"),
    ("cs", "kolik kamínků si vezmu", "/cs/rebus/#play"),
    ("cs", "prémiová pole", "/cs/rebus/#scoring"),
    ("cs", "zlatý prach", "/cs/rebis/#tokens"),
]
QUERIES = TUNING + HELD_OUT
# Issue 28's target is 95 % of the first three; it is not reached. On the code of issue 27 this query
# set measured 70 % (39 of 56: 25 of 35 tuning, 14 of 21 held out); with rules/search-words.yaml and
# the glossary below the rules, 80 to 82 % (45 or 46 of 56: 29 of 35 tuning, 16 or 17 of 21 held
# out; "how many bad luck tokens" comes and goes on a loaded machine). Most misses are
# Material's grouping by page: the sections of one page fill the first three ("draw pile empty"
# wants a REBUS and a Rebis rule; Oh My Word's long gameplay section, which says "draw" most, comes
# first). The test guards what is reached, as a floor below it (44 of 56, 78.6 %, was measured in a
# full `make test`): the 95 % is not reached.
TARGET = 0.75


def top_results(page: Page, site_url: str, language: str, query: str) -> list[str]:
    page.goto(f"{site_url}/" if language == "en" else f"{site_url}/{language}/")
    page.click("input.md-search__input")
    page.keyboard.type(query)
    try:
        page.wait_for_selector(".md-search-result__item a", state="attached", timeout=15_000)
    except Exception:  # no result at all is a miss, not an error
        return []
    page.wait_for_timeout(300)  # results settle as the last keystrokes are searched
    hrefs = page.eval_on_selector_all(".md-search-result__item a", "links => links.map(a => a.href)")
    results = []
    for href in hrefs:
        url = urlparse(href)
        location = url.path + (f"#{url.fragment}" if url.fragment else "")
        if location not in results and url.fragment:  # a page's own entry is not an answer
            results.append(location)
    return results


# The held-out questions were never used to choose the search words: their rate must not fall far
# below the tuning set's, or the words fit the tuning set only. Measured 15 to 17 of 21; the floor is
# 14 of 21, below every run seen.
HELD_OUT_FLOOR = 14 / 21


def test_the_query_set_finds_the_wanted_rule_in_the_top_three(page: Page, site_url: str) -> None:
    """Each query is typed once; the tuning and held-out rates are both taken from that one pass."""
    hits: dict[tuple[str, str, str], bool] = {}
    misses = []
    for language, query, wanted in QUERIES:
        results = top_results(page, site_url, language, query)
        hits[(language, query, wanted)] = wanted in results[:3]
        if not hits[(language, query, wanted)]:
            misses.append(f"{language} {query!r}: wanted {wanted}, got {results[:3]}")
    assert len(QUERIES) >= 20
    hit_rate = 1 - len(misses) / len(QUERIES)
    tuning, held_out = (sum(hits[query] for query in queries) / len(queries) for queries in (TUNING, HELD_OUT))
    rates = f"tuning {tuning:.0%}, held out {held_out:.0%}"
    print(f"search: top-3 hit rate {hit_rate:.0%} over {len(QUERIES)} queries ({rates})")
    assert hit_rate >= TARGET, "\n".join(misses)
    assert held_out >= HELD_OUT_FLOOR, "\n".join(misses)


def test_rules_rank_above_the_glossary_and_a_card_still_answers_its_own_word(page: Page, site_url: str) -> None:
    """The word "tie" gave the glossary's Tie card before the tiebreaker; "ewe" is said by no rule."""
    results = top_results(page, site_url, "en", "tie")
    assert results[0] == "/oh-my-word/#tiebreaker", results
    assert results.index("/glossary/#tie") > results.index("/oh-my-word/#tiebreaker"), results
    assert top_results(page, site_url, "en", "ewe")[0] == "/glossary/#ewe"


def test_question_words_are_dropped_and_synonyms_found(page: Page, site_url: str) -> None:
    """ "combien de cartes" ranked the glossary's « Deux » first (the prefix "de" starts "deux");
    "remíza" found nothing, as the rules say "nerozhodném výsledku" and "shodně"."""
    assert "/fr/glossary/#two" not in top_results(page, site_url, "fr", "combien de cartes")[:3]
    assert top_results(page, site_url, "cs", "remíza")[0] == "/cs/oh-my-word/#tiebreaker"
    # An elided article is cut off: "d'échecs" (one word to Material, whose separator has no
    # straight apostrophe) looks for "échecs", which the knight's card says as « d’échecs ».
    assert top_results(page, site_url, "fr", "d'échecs") == ["/fr/glossary/#knight"]
    # The same sections; Material orders them by the words of the query as typed, so not the same way.
    elided = set(top_results(page, site_url, "fr", "d'égalité"))
    assert elided == set(top_results(page, site_url, "fr", "égalité")) and elided


def test_rules_rank_above_the_referee_notes(page: Page, site_url: str) -> None:
    """'score' used to give REBUS › Referee notes first."""
    results = top_results(page, site_url, "en", "score")
    assert results[0] == "/rebus/#scoring", results
