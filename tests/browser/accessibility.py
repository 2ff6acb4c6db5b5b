"""axe-core on a page in both colour schemes, from one page load: every rule in the light scheme, then
the reader's toggle to dark and the rules that read colours, then the toggle back.

The two schemes differ in colours only (Material sets body[data-md-color-scheme] and its palette's
custom properties): the rules that do not read colours give the same answer in both. Loading each
page again in a dark context cost a page load, the quiz's answers revealed again and a whole axe run:
the axe tests of the product, the quizzes and the change lists took 113.4 busy core-seconds that
way, 91.5 this way, alone on 2 cores. test_product.py checks that a dark system loads the dark scheme."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

SCHEMES = {"light": "default", "dark": "slate"}  # Material's body[data-md-color-scheme]
# axe's colour category (tag cat.color) less color-contrast-enhanced, an AAA rule axe runs only when asked.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
PALETTE_TOGGLE = "label.md-header__button[for^=__palette]:visible"


def scheme(page: Page) -> str:
    return page.get_attribute("body", "data-md-color-scheme") or ""


def _toggle(page: Page, to: str) -> None:
    page.click(PALETTE_TOGGLE)
    page.wait_for_function(f"document.body.dataset.mdColorScheme === {SCHEMES[to]!r}")


def colour_rules(page: Page) -> list[str]:
    """What axe itself files under colour, as COLOUR_RULES should be after an update of axe."""
    page.evaluate(Axe().axe_script)
    rules = page.evaluate("axe.getRules(['cat.color']).map(rule => rule.ruleId)")
    return sorted(set(rules) - {"color-contrast-enhanced"})


def violations_in_both_schemes(page: Page) -> list[dict[str, Any]]:
    """The loaded page's violations, each with the scheme it was found in ("scheme"); the page is
    left in the light scheme, as loaded."""
    assert scheme(page) == SCHEMES["light"], "the page did not load in the light scheme"
    found = [{**violation, "scheme": "light"} for violation in Axe().run(page).response["violations"]]
    _toggle(page, "dark")
    dark = Axe().run(page, options={"runOnly": COLOUR_RULES, "resultTypes": ["violations"]})
    found += [{**violation, "scheme": "dark"} for violation in dark.response["violations"]]
    _toggle(page, "light")
    return found
