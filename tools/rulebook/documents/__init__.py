"""Files read into documents checked against their schemas: `reader.py` reads a file safely (through
located/) and checks it against its schema (`schema.py`, which codes every problem), with a cache in
memory and on disk; `garbage.py` keeps the collector from walking the heap while millions of values
are read. Below editions/, whose history is such a document, and load/, which builds the model.
"""
