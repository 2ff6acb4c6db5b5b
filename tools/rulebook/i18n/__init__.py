"""Translations of the toolkit's own words (UI strings), through Babel message catalogs."""
