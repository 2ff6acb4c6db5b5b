"""Issue 49: the blind set, written from the rules' text before any change of that issue's search
work and frozen; each game's part is the `fresh` list of its rules/<game>/search-questions.yaml
(tests/search_questions.py fresh_questions), for every game of rules/project.yaml. It is measured,
never tuned to: nothing here chooses a weight or a word. The test holds the set to the site (every
answer it names is one of the site's rules or sections of the page whose file holds it, so a rename
cannot quietly empty it) and prints the top-three rate."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from browser.test_search_ranking import answers, section_of, top_results
from rulebook.load.project import load_project
from search_questions import fresh_questions as pages_fresh_questions

pytestmark = [pytest.mark.browser, pytest.mark.search]

ROOT = Path(__file__).resolve().parents[2]


def fresh_questions() -> list[tuple[str, str, list[str]]]:
    """(language, question, the addresses that answer it), each address as the site spells it."""
    return [question for _, question in pages_fresh_questions(ROOT)]


def test_the_fresh_set_names_only_addresses_of_the_site() -> None:
    known = set(section_of()) | set(section_of().values())
    named = [
        (page, question, address) for page, (_, question, wanted) in pages_fresh_questions(ROOT) for address in wanted
    ]
    unknown = [(question, address) for _, question, address in named if address not in known]
    assert not unknown
    # Each answer is on the page whose file holds the question: "/fr/page/#id" or "/page/#id".
    elsewhere = [(page, address) for page, _, address in named if address.split("/#")[0].rpartition("/")[2] != page]
    assert not elsewhere
    assert {language for language, _, _ in fresh_questions()} == set(load_project(ROOT).project.languages)


@pytest.mark.long
def test_the_fresh_set_is_measured_once(page: Page, site_url: str) -> None:
    rates: dict[str, list[int]] = {}
    misses = []
    for language, question, wanted in sorted(fresh_questions(), key=lambda entry: entry[0]):
        top = top_results(page, site_url, language, question)[:3]
        hit = any(answers(result, address) for result in top for address in wanted)
        rates.setdefault(language, [0, 0])[0] += hit
        rates[language][1] += 1
        if not hit:
            misses.append(f"{language} {question!r}: wanted {wanted}, got {top}")
    print("fresh set, top three: " + ", ".join(f"{lang} {hit}/{total}" for lang, (hit, total) in rates.items()))
    print("\n".join(misses))
    assert sum(total for _, total in rates.values()) == len(fresh_questions()) >= 30
