"""`make bench`: what each step costs and how it grows with content, against bare MkDocs Material.

Not part of `make test` (a smoke run of it is). See `python -m rulebook.bench --help`.
"""
