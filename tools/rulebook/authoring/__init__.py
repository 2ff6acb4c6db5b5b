"""Authoring: the commands that start a new game or a new language, one noun per module.

Each builds every file it writes in memory and checks its input first (`plan.Refused`: exit 2),
then writes them all as one `plan.Plan`: a failed write puts back every file it already wrote.
"""
