"""The translators' operations on PO files: `rulebook i18n export`, `update`, `import`, `review` and
`sync` (`export.py`, `update.py`, `importer.py`, `review.py`, `sync.py`, with `unimported.py`).
An import refuses words that add an error to what `rulebook check` finds (validate/check.py), so
these sit above validate/; the translation state and the PO files they read are i18n/'s.
"""
