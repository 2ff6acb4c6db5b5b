"""Stage 1: reading the project. `reader.py` reads one file into a located document (rulebook/located/),
checks it against its schema (`schema.py`) and caches the result; `project.py` reads them all into the
content model (rulebook.model).

Layering: above located/, the cache and the content model, which it builds; below scoring/ and
everything else (tests/test_layers.py).
"""
