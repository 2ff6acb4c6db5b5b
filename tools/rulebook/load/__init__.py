"""Stage 1: reading the project. documents/reader.py reads one file into a located document
(rulebook/located/), checks it against its schema (documents/schema.py) and caches the result;
`project.py` reads them all, with each game's edition history (editions/history.py), into the
content model (rulebook.model).

Layering: above located/, documents/, the content model, which it builds, and editions/; below
scoring/ and everything else (tests/test_layers.py).
"""
