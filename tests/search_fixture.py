"""The fixture site with search words of its own (issue 50): what the search tests of the toolkit
drive, naming no real game. The browser tier's fixture site (fixture_games.make_fixture_site) has no
rules/search-words.yaml, so its search drops no question word and knows no synonym; this one is the
same site with SEARCH_WORDS, a few words written for alpha's and beta's own text:

- en: "skip" means "pass" (alpha 2.2: "A player who cannot play may pass.");
- fr: « combien », « peut » and « qui » are question words (alpha 2.2 says « peut », and so does the
  glossary's eye card), and « d’ » an elision (the glossary's knight card says « d’échecs »);
- cs: "v" is a question word, and "vynechat" (to skip) means "pasovat" (alpha 2.2: « smí pasovat »).

Beta has one more section here, 2 basket (BASKET), whose title says a word that its rule says too:
fr « Remplir la corbeille », 2.1 « Une corbeille pleine est vidée. »; cs "Plnění koše", 2.1 "Plný koš
se vysype."
"""

from __future__ import annotations

from pathlib import Path

SEARCH_WORDS = """\
# yaml-language-server: $schema=../schemas/search-words.schema.json
languages:
  en:
    question_words: [can, i, who, what, how]
    synonyms:
      - [pass, skip]
  fr:
    question_words: [combien, peut, qui]
    elisions: [d, l]
  cs:
    question_words: [v, kdo, co]
    synonyms:
      - [pasovat, vynechat]
"""
# beta's section 2 and its rule, in each language: unit → text.
BASKET = {
    "en": {"section.basket": "Filling the basket", "rule.empty": "A full basket is emptied."},
    "fr": {"section.basket": "Remplir la corbeille", "rule.empty": "Une corbeille pleine est vidée."},
    "cs": {"section.basket": "Plnění koše", "rule.empty": "Plný koš se vysype."},
}


def add_basket(root: Path) -> None:
    """beta's section basket (BASKET), written in English and translated as a translator would."""
    from conftest import edit
    from fixture_games import translate_units

    edit(
        root,
        "rules/beta/game.yaml",
        "    rules: [players]\n",
        "    rules: [players]\n  - id: basket\n    rules: [empty]\n",
    )
    words = root / "rules/beta/en.yaml"
    added = "".join(f"  {unit}:\n    text: {text}\n" for unit, text in BASKET["en"].items())
    words.write_text(words.read_text(encoding="utf-8") + added, encoding="utf-8")
    for language in ("fr", "cs"):
        translate_units(root, "beta", language, BASKET[language])


def make_search_site(root: Path) -> None:
    """The translated fixture with the glossary, typography, alpha's examples and corrections (as
    make_fixture_site makes them), beta's section basket (add_basket) and SEARCH_WORDS, checked and
    built into root/site."""
    from conftest import build_site
    from fixture_games import (
        add_examples,
        make_translated_project,
        quiet,
        record_corrections,
        with_glossary,
        with_site_sources,
        with_typography,
    )

    make_translated_project(root)
    with_glossary(root)
    with_typography(root)
    add_examples(root)
    record_corrections(root)
    add_basket(root)
    (root / "rules" / "search-words.yaml").write_text(SEARCH_WORDS, encoding="utf-8")
    with_site_sources(root, package=False)
    quiet(["--root", str(root), "check"])
    build_site(root, root / "site")
