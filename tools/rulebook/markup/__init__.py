"""What may reach a page, shared by validate/ (which refuses it with its location) and render/ (which
writes it): text made safe for Markdown (`escaping.py`), the ids a page's structure owns
(`anchors.py`), where a link points as a browser reads it (`target.py`), links that leave the site
(`outside_links.py`), the glossary's pictures (`icons.py`), and nh3's last gate before a reader
(`sanitizer.py`).
"""
