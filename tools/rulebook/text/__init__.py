"""Words and numbers, knowing nothing of the content: a number as a language writes it
(`locale_numbers.py`), plural choices (`plural_choice.py`), placeholders that quote game data
(`placeholders.py`), and the one folding of words that the glossary filter and search share
(`folding.py`).
"""
