"""The persistent cache of checked documents and problems (`store.py`), signed, keyed by what the
work read, and decoded by one closed codec per kind of entry (`codecs.py`).
"""
