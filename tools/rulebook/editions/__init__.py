"""Editions: each game's recorded versions, their snapshots, the changes between them and citations."""
