"""Editions: each game's recorded versions (`history.py`, rules/<game>/editions.yaml), their
snapshots (`snapshot.py`), the changes between them with word diffs (`changes.py`, `word_diff.py`)
and what an old citation means now (`cite.py`); `command.py` holds `rulebook edition new`,
`rulebook cite` and `rulebook diff`. Everything reads the recorded files, never git history.
"""
