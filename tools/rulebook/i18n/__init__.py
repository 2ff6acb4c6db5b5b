"""Translations: where each unit stands (`state.py`: translated, outdated, missing; draft or
reviewed), the English a translation was made from (`basis.py`, `history.py`), the translators'
PO files (read and written through Babel in `po_file.py`; `i18n minor` in `minor.py`, and the other
operations in rulebook/translation/), the terminology exports (`terms.py`), and the toolkit's own UI strings from
`locales/<lang>/LC_MESSAGES/messages.po` (`ui.py`, `ui_catalog.py`), with refusals said in the
reader's language (`refusals.py`).
"""
