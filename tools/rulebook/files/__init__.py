"""The project's files on disk: read only from inside the project and written atomically
(`disk.py`), all of a command's writes or none (`plan.py`), the state of a folder's files
(`states.py`), YAML scalars every reader reads back as written (`yaml_quoting.py`), and where each
game's scoring code lies (`scorers.py`).
"""
