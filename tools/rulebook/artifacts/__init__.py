"""What is made from the built site and the project's assets, beside the site itself: the print
edition's PDFs (`print_edition.py`, `make print`) and the web app's PNG icons (`app_icons.py`,
`make icons`).
"""
