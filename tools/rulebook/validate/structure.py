"""Checks of a game's own shape: ids, anchors and source files."""

from __future__ import annotations

from rulebook.model import Game
from rulebook.problems import Problem


def structure_problems(game: Game) -> list[Problem]:
    document = game.document
    problems = []
    if game.id != game.folder.name:
        problems.append(document.problem(("id",), f"id: '{game.id}' must equal the folder name '{game.folder.name}'"))
    # Section and rule ids become anchors on one page, so they share one namespace.
    seen: dict[str, str] = {}
    for s_index, section in enumerate(game.sections):
        names = [(("sections", s_index, "id"), section.id, "section")]
        names += [
            (("sections", s_index, "rules", r_index), rule.id, "rule") for r_index, rule in enumerate(section.rules)
        ]
        for path, name, kind in names:
            if name in seen:
                problems.append(
                    document.problem(
                        path,
                        f"{kind} id '{name}' is already used by a {seen[name]}; "
                        "ids are anchors and must be unique in a game",
                    )
                )
            seen.setdefault(name, kind)
    for index, (language, path) in enumerate(game.sources.items()):
        if not path.is_file():
            problems.append(
                document.problem(("sources", index, "file"), f"sources[{index}].file: no such file for '{language}'")
            )
    return problems
