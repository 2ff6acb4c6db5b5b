"""Stage 2: problems as data, each with its file:line:col or field path. JSON Schema first
(`schema.py`), then what a schema cannot say: structure and ids, text and placeholders, plural
choices, translations and their QA, worked examples, the glossary and its terms, hostile text
(`safety.py`), size bounds (`limits.py`), links leaving the project, `mkdocs.yml`'s names, and
what a UI catalog's translations may hold. rulebook.check runs them all.
"""
