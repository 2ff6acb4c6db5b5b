"""What the sanitizer would remove, said in words (issue 17): the cases where its quick count of
tags and attributes must not hide a removal. Expected words written by hand from the allowlist."""

from __future__ import annotations

from rulebook.markup.sanitizer import attribute_values, removals


def test_a_fragment_the_sanitizer_empties_names_each_element() -> None:
    assert removals('<iframe src="/x"></iframe>') == ["the element <iframe>"]


def test_one_of_two_elements_of_the_same_tag_removed_is_found() -> None:
    # An HTML parser drops a row outside a table; the table's own row stays, so only the number of
    # <tr> tags tells the two apart.
    fragment = "<table><tbody><tr><td>1</td></tr></tbody></table><tr>x"
    assert removals(fragment) == ["the element <tr>"]


def test_a_valueless_attribute_at_the_end_of_its_tag_is_found() -> None:
    # Attribute names are read as a browser reads them, in lower case.
    assert removals("<p X>a</p>") == ['the attribute x="" of <p>']


def test_attribute_values_are_read_as_a_browser_decodes_them() -> None:
    fragment = '<a href="j&#97;vascript:x()" title="t">a</a><img src="p.png"><p hidden>b</p>'
    found = list(attribute_values(fragment, frozenset({"href", "src", "hidden"})))
    # A valueless attribute has the empty value; names not asked for (title) are left out.
    assert found == [("a", "href", "javascript:x()"), ("img", "src", "p.png"), ("p", "hidden", "")]
