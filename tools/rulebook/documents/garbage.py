"""Fewer garbage collections while a project is read and checked.

Loading makes millions of objects that all live on (the documents, the model) and makes almost no
cycles; at Python's default threshold the collector runs every 700 allocations and walks the
growing heap again and again, for about a sixth of `rulebook check`'s time at 200 games."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

# Allocations between two young collections: still frequent enough to keep any cyclic garbage small.
LOADING_THRESHOLD = 100_000


@contextmanager
def fewer_collections() -> Iterator[None]:
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], LOADING_THRESHOLD), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


@contextmanager
def frozen_for_fork() -> Iterator[None]:
    """Around forking workers: the objects of now are left out of every collection until the end,
    so that a worker's collections never walk (and so copy, page by page) the parent's heap."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
