"""A game's own scoring.py that fails on its facts is a problem of the content at the example, not
exit 3 (found by `make fuzz`, issue 48: `rounds: [3]` made alpha's scorer compare a number with a list).
Its facts.schema.json is removed: with it, the fact is refused before the scorer runs
(test_facts_schema.py)."""

from __future__ import annotations

from pathlib import Path

from conftest import run_cli


def test_a_scorer_that_fails_on_a_fact_is_named_at_the_example(small_project: Path, capsys) -> None:
    game = small_project / "rules" / "alpha" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert text.count("rounds: 3") == 1
    game.write_text(text.replace("rounds: 3", "rounds: [3]"), encoding="utf-8")
    (small_project / "rules" / "alpha" / "facts.schema.json").unlink()
    code, out, err = run_cli(capsys, "--root", str(small_project), "check")
    said = out + err
    assert code == 1
    assert "internal error" not in said
    assert "the game's scoring failed on this example: TypeError: " in said
    assert "rulebook score alpha --example highest-total" in said
