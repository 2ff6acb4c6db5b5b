"""The escaping helpers of markup/escaping.py, case by case (issue 17): what each must turn a text into,
worked out from HTML's and Markdown's rules, beyond their doctests."""

from __future__ import annotations

from rulebook.markup.escaping import GENERATED_MARK, attribute, front_matter, literal, plain_text, safe_markdown


def test_rule_text_shows_an_ampersand_and_a_written_entity_as_written() -> None:
    # "&lt;" typed in YAML is shown as "&lt;", not as "<": the ampersand itself is escaped.
    assert safe_markdown("Fish & chips &lt;b&gt; {x}") == "Fish &amp; chips &amp;lt;b&amp;gt; \\{x\\}"


def test_an_apostrophe_in_an_attribute_is_one_decimal_reference() -> None:
    # Not html.escape's "&#x27;": its "#" would be escaped again, and the reference broken.
    assert attribute("it's") == "it&#39;s"


def test_a_name_keeps_its_quotes_and_joins_its_lines() -> None:
    assert literal('say "hi", it\'s') == 'say "hi", it\'s'
    assert literal("two  spaces\nnext line") == "two  spaces next line"


def test_the_front_matter_of_a_page_with_only_a_title() -> None:
    assert front_matter("Œil") == ["---", 'title: "Œil"', "---", GENERATED_MARK, ""]


def test_the_front_matter_escapes_quotes_in_the_title_and_lists_what_it_hides() -> None:
    lines = front_matter('A "b" game', "d", hide=("toc", "navigation"), searched=False)
    assert lines == [
        "---",
        'title: "A &quot;b&quot; game"',
        'description: "d"',
        "hide: [toc, navigation]",
        "search: {exclude: true}",
        "---",
        GENERATED_MARK,
        "",
    ]


def test_plain_text_decodes_character_references() -> None:
    assert plain_text("Fish & chips") == "Fish & chips"


def test_plain_text_is_cut_at_a_word_past_160_characters() -> None:
    text = " ".join(["abc"] * 40) + "d"  # 160 characters
    assert len(text) == 160 and plain_text(text) == text
    longer = text + "e"
    assert plain_text(longer) == " ".join(["abc"] * 39) + "…"
