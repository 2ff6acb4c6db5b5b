"""Editions: each game's recorded versions (`history.py`, rules/<game>/editions.yaml, with their
versions, dates and hash chain: `versions.py`, `dates.py`, `chain.py`), their snapshots
(`snapshot.py`), the changes between them with word diffs (`changes.py`, `word_diff.py`) and what an
old citation means now (`cite.py`); `command.py` holds `rulebook cite` and `rulebook diff`, which
print through `terminal.py` (`rulebook edition new` writes, so it is authoring/edition_record.py).
Everything reads the recorded files, never git history. The snapshots' texts are checked by validate/snapshots.py.
"""
