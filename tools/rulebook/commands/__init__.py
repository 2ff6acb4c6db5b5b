"""The `rulebook` command's groups, each with its argument parsers and what they run (rulebook/cli.py joins them)."""
