"""Stage 1: files to documents (located/) checked against their schemas, then to the content model.

Layering: above located/, the cache and the content model (model.py), which it builds; below
scoring/ and everything else (tests/test_layers.py).
"""
