"""`rulebook serve`: the live site (website/live.py) behind MkDocs' own live-reload server."""

from __future__ import annotations

import shutil
import signal
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from watchdog.events import (
    FileCreatedEvent,
    FileDeletedEvent,
    FileModifiedEvent,
    FileMovedEvent,
    FileSystemEvent,
    FileSystemEventHandler,
)
from watchdog.observers import Observer
from watchdog.observers.api import ObservedWatch

from rulebook.website.internals import ScriptInjectingServer, reload_request_id, reload_script
from rulebook.website.live import LiveSite, log, on_change

# MkDocs polls the files every 0.5 s and waits 0.1 s for an editor's writes to settle; both count
# against the second an edit may take to show. Inotify sees a save at once, and a save is over
# in far less than 50 ms (an editor's temporary file and rename included).
SETTLE_SECONDS = 0.05

# What a save is. Inotify also reports a file opened, or closed unwritten: a refresh reads the
# files, so those would start another refresh, forever once the content has an error (nothing
# remembers a file that failed to load), reloading the author's browser all the while.
CHANGES: list[type[FileSystemEvent]] = [FileCreatedEvent, FileModifiedEvent, FileDeletedEvent, FileMovedEvent]


class ChangeObserver(Observer):  # type: ignore[misc,valid-type]
    """The platform's observer, told of saves only: MkDocs' server schedules no filter itself."""

    def schedule(
        self,
        event_handler: FileSystemEventHandler,
        path: str | Path,
        *,
        recursive: bool = False,
        event_filter: list[type[FileSystemEvent]] | None = None,
        follow_symlink: bool = False,
    ) -> ObservedWatch:
        changes = event_filter or CHANGES
        return super().schedule(
            event_handler, path, recursive=recursive, event_filter=changes, follow_symlink=follow_symlink
        )


# MkDocs' live-reload script as a file, reading its two numbers from the element that loads it:
# inline, it differs on every response, and the Content-Security-Policy would refuse it. Its text
# and request ids are MkDocs' own (private names, in website/internals.py;
# tests/browser/test_policy_site.py reloads a page through them).
RELOAD_SCRIPT_PATH = "/livereload/script.js"
RELOAD_SCRIPT = reload_script(
    epoch="Number(document.currentScript.dataset.epoch)",
    request_id="Number(document.currentScript.dataset.requestId)",
).encode("utf-8")


class PolicyServer(ScriptInjectingServer):
    """MkDocs' live-reload server, sending the site's Content-Security-Policy with every response
    (`policy` gives the current one: a full rebuild may change the theme) and its reload script
    as a file the policy allows."""

    def __init__(self, *args: Any, policy: Callable[[], str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.policy = policy

    def serve_request(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        def with_policy(status: str, headers: list[tuple[str, str]], *args: Any) -> Any:
            return start_response(status, [*headers, ("Content-Security-Policy", self.policy())], *args)

        if environ.get("PATH_INFO") == RELOAD_SCRIPT_PATH:
            with_policy(
                "200 OK", [("Content-Type", "application/javascript"), ("Content-Length", str(len(RELOAD_SCRIPT)))]
            )
            return [RELOAD_SCRIPT]
        return super().serve_request(environ, with_policy)

    def reload_tag(self, epoch: int) -> str:
        request = reload_request_id()
        return f'<script src="{RELOAD_SCRIPT_PATH}" data-epoch="{int(epoch)}" data-request-id="{request}"></script>'


def serve(config_file: Path, host: str, port: int, *, strict: bool = False) -> None:
    """Build the site in a temporary folder, serve it, and refresh it after every edit until
    interrupted. Raises mkdocs' Abort when the first build fails."""
    # Stopped by a signal (a test, the bench, a process manager), the server still removes its site.
    signal.signal(signal.SIGTERM, _interrupt)
    site_dir = Path(tempfile.mkdtemp(prefix="rulebook_"))
    try:
        site = LiveSite(config_file, site_dir, serve_url=f"http://{host}:{port}/", strict=strict)
        log.info("site built in %.1f s; after an edit, only the pages it changes are built", site.full_build().seconds)
        server = PolicyServer(
            builder=on_change(site), host=host, port=port, root=str(site_dir), policy=lambda: site.plugin.policy.header
        )
        server.observer = ChangeObserver()  # inotify where there is one, else polling
        server.build_delay = SETTLE_SECONDS
        server.error_handler = lambda code: _error_page(site_dir, code)
        for path in site.watched():
            server.watch(str(path))
        try:
            server.serve()
        except KeyboardInterrupt:
            pass
        finally:
            server.shutdown()
    finally:
        shutil.rmtree(site_dir, ignore_errors=True)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _error_page(site_dir: Path, code: int) -> bytes | None:
    page = site_dir / f"{code}.html"
    return page.read_bytes() if code == 404 and page.is_file() else None
