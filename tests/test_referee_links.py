"""The links from a worked example and from a referee note to the rules they concern (issue 17),
cited as the rulebook numbers them: rules/rebus/game.yaml's example reads-through concerns
adding-on (section 2, third rule) then basic-score (section 3, first); the ruling rebus-score the
same two, in the other order."""

from __future__ import annotations

from conftest import ROOT
from rulebook.load.project import load_project
from rulebook.render.pages import render_pages


def test_an_example_and_a_ruling_link_each_rule_they_concern_in_their_order() -> None:
    page = next(page.text for page in render_pages(load_project(ROOT).project) if page.path == "en/rebus.md")
    example = page[page.index('id="example-reads-through"') :]
    assert example.split("\n")[1] == "**Example** · [REBUS 2.3](#adding-on), [REBUS 3.1](#basic-score)"
    ruling = page[page.index('id="ruling-rebus-score"') :]
    assert "\nConcerns: [REBUS 3.1](#basic-score), [REBUS 2.3](#adding-on)\n" in ruling[: ruling.index("</div>")]
