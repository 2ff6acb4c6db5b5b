"""Where the site lives: its public address (`site_url.py`) and the names it keeps for itself at
its top level, which no game may take (`reserved_paths.py`).
"""
