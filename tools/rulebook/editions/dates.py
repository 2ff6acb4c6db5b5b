"""An edition's dates: `date`, the day it was published, which cannot be still to come, and
`effective`, the day its rules take effect (a tournament's season, say), which may be."""

from __future__ import annotations

import datetime

# The last time zone to leave a day, UTC+14: a day is still to come when it has begun nowhere yet,
# so that a publisher east of Greenwich can date an edition by their own calendar.
_EARLIEST_OFFSET = datetime.timedelta(hours=14)


def today() -> str:
    """The default date of a new edition: today, UTC."""
    return datetime.datetime.now(datetime.UTC).date().isoformat()


def latest_day() -> str:
    """The latest day that has begun somewhere on Earth: what `rulebook check`'s judgement of dates
    depends on (validate/check.py keeps it in its cache's keys)."""
    return (datetime.datetime.now(datetime.UTC) + _EARLIEST_OFFSET).date().isoformat()


def still_to_come(day: str) -> bool:
    """Whether the day (YYYY-MM-DD) has begun nowhere on Earth yet.

    >>> still_to_come("2000-01-01"), still_to_come("9999-12-31")
    (False, True)
    """
    return day > latest_day()


def parsed_day(text: str) -> str | None:
    """The day, when the text is one written as YYYY-MM-DD and nothing else (Python also reads
    `20261201` and the week date `2026-W01-1`).

    >>> [parsed_day(text) for text in ("2026-12-01", "2026-13-01", "20261201", "2026-W01-1", "2026-12-01\\n")]
    ['2026-12-01', None, None, None, None]
    """
    try:
        day = datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        return None
    return day if day == text else None
