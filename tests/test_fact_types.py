"""Every fact has a precise type: a count is a whole number within bounds, so a word where a number
belongs (which no translation could localize) is refused at its line (issue 24, part 3). Before, each
of these passed: a fact could be any text or any number."""

from __future__ import annotations

import pytest

from conftest import edit, locate, run_cli

CASES = [
    ("rules/rebus/game.yaml", "draw_per_bag: 3", "draw_per_bag: three", "three"),
    ("rules/rebus/game.yaml", "draw_per_bag: 3", "draw_per_bag: 2.5", "2.5"),
    ("rules/rebus/game.yaml", "bags: 3", "bags: 0", "0"),
    ("rules/rebis/game.yaml", "zero_cards: 9", "zero_cards: nine", "nine"),
    ("rules/rebis/game.yaml", "closing_penalty_draw: 1", "closing_penalty_draw: one", "one"),
    ("rules/oh-my-word/game.yaml", "letter_tiles: 108", "letter_tiles: many", "many"),
    ("rules/oh-my-word/game.yaml", "short_game_boards: [1, 2, 3]", "short_game_boards: [1, 2, 3.5]", "3.5"),
    ("rules/oh-my-word/game.yaml", "battery_volts: 1.5", "battery_volts: one and a half", "one and a half"),
    ("rules/oh-my-word/game.yaml", "battery_model: LR03", "battery_model: 3", "3"),
]


@pytest.mark.parametrize(("file", "old", "new", "value"), CASES, ids=[case[2] for case in CASES])
def test_a_fact_of_the_wrong_kind_is_refused_at_its_line(project_copy, capsys, file, old, new, value) -> None:
    text = edit(project_copy, file, old, new)
    name = new.partition(":")[0]
    line, col = locate(text, new)
    at = f"{file}:{line}:{col + new.rindex(value)}: facts."  # the refused value's own line:column
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 1
    assert [entry for entry in out.splitlines() if entry.startswith(at) and f".{name}" in entry], out
