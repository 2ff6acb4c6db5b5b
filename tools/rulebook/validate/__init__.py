"""Stage 2: problems as data, each with its file:line:col or field path and its code. JSON Schema
comes first, when each file is read (rulebook/documents/schema.py, with the size bounds of
rulebook/located/limits.py); this package checks what a schema cannot say: structure and ids, text and
placeholders, plural choices, translations and their QA, worked examples, the glossary and its terms,
hostile text (`safety.py`), links leaving the project and `mkdocs.yml`'s names. `check.py` runs
them all (`rulebook check`).
"""
