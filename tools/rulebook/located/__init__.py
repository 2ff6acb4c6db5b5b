"""Files read into data that remembers where each value came from (document.py), within the
bounds that keep reading fast (limits.py).

Layering: just above problems and files, below the persistent cache's codecs, documents/, load/ and
the content model, which all hold Documents (tests/test_layers.py).
"""
