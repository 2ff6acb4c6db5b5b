"""Standard output and error that a closed pipe or an odd character cannot turn into a crash.

`rulebook check | head` closes the pipe early: the rest of the output is dropped, and the command
still finishes and returns its own exit code (so `set -o pipefail` sees the check's verdict).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from typing import Any, TextIO


class PipeSafe:
    """Wraps a text stream; after the reader goes away, writes are dropped instead of raising."""

    def __init__(self, stream: TextIO):
        self._stream = stream
        self.closed_by_reader = False
        self.failure: OSError | None = None  # a full disk, say: the command must not report success

    def write(self, text: str) -> int:
        if not (self.closed_by_reader or self.failure):
            try:
                self._stream.write(text)
            except BrokenPipeError:
                self._reader_gone()
            except OSError as error:
                self.failure = error
        return len(text)

    def flush(self) -> None:
        if not (self.closed_by_reader or self.failure):
            try:
                self._stream.flush()
            except BrokenPipeError:
                self._reader_gone()
            except OSError as error:
                self.failure = error

    def _reader_gone(self) -> None:
        self.closed_by_reader = True
        # Python flushes the real stream again at exit; point its descriptor at /dev/null so that
        # this last flush succeeds quietly (the recipe of Python's own signal documentation).
        with contextlib.suppress(OSError, ValueError, AttributeError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self._stream.fileno())
            os.close(devnull)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextlib.contextmanager
def safe_streams() -> Iterator[PipeSafe | None]:
    """Within this block, sys.stdout and sys.stderr drop output once their reader is gone, and
    print characters they cannot encode (such as lone surrogates) as escapes. Yields the wrapped
    stdout (None when there is none), whose `failure` says whether output was lost."""
    saved = sys.stdout, sys.stderr
    for stream in saved:
        with contextlib.suppress(AttributeError, ValueError, OSError):
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
    out = PipeSafe(sys.stdout) if sys.stdout is not None else None
    if out is not None:
        sys.stdout = out  # type: ignore[assignment]
    if sys.stderr is not None:
        sys.stderr = PipeSafe(sys.stderr)  # type: ignore[assignment]
    try:
        yield out
    finally:
        if out is not None:
            out.flush()
        sys.stdout, sys.stderr = saved
