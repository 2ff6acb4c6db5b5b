"""Issue 49: the blind set, tests/browser/fresh_questions.yaml, written from the rules' text before
any change of that issue's search work and frozen. It is measured, never tuned to: nothing here
chooses a weight or a word. The test holds the set to the site (every answer it names is one of
the site's rules or sections, so a rename cannot quietly empty it) and prints the top-three rate."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Page

from browser.test_search_ranking import answers, section_of, top_results

pytestmark = [pytest.mark.browser, pytest.mark.search]

FRESH = Path(__file__).with_name("fresh_questions.yaml")


def fresh_questions() -> list[tuple[str, str, list[str]]]:
    """(language, question, the addresses that answer it), each address as the site spells it."""
    entries = yaml.safe_load(FRESH.read_text(encoding="utf-8"))["questions"]
    found = []
    for entry in entries:
        root = "/" if entry["lang"] == "en" else f"/{entry['lang']}/"
        wanted = [root + answer.replace("#", "/#", 1) for answer in entry["answers"]]
        found.append((entry["lang"], entry["q"], wanted))
    return found


def test_the_fresh_set_names_only_addresses_of_the_site() -> None:
    known = set(section_of()) | set(section_of().values())
    named = [(question, address) for _, question, wanted in fresh_questions() for address in wanted]
    unknown = [(question, address) for question, address in named if address not in known]
    assert not unknown
    assert {language for language, _, _ in fresh_questions()} == {"en", "fr", "cs"}


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
