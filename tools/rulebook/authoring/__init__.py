"""Authoring: the commands that write content files for an author. `rulebook new game` and
`rulebook new language` (`game.py`, `language.py`, from `templates.py`) start a game or a language
that passes `rulebook check` and the strict build at once; `rulebook rule rename|delete` (`rule.py`)
changes a rule's id, or removes the rule, in every file and language; `rulebook edition new`
(`edition_record.py`) records an edition, its summary checked as `rulebook check` checks every unit.

Each builds every file it writes in memory and checks its input first (`problems.Refused`: exit 2),
then writes them all as one `plan.Plan`: a failed write puts back every file it already wrote.
YAML is edited where its values stand (`text_edits.py`, `round_trip.py`), every other byte kept.
"""
