"""Stage 1: reading the project. `document.py` turns YAML into Python data that remembers every
value's line and column (safe, no tags, no aliases, no duplicate keys); `reader.py` reads, schema-
checks and caches one file; `project.py` reads them all into the content model (rulebook.model).
"""
