"""Stage 3: the content model as Markdown pages, one set per language. No MkDocs in here."""
