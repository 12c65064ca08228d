"""Why a file cannot be read, in the user's language: Python explains a JSON file's syntax error and
a failed open in English only ("Expecting value", "No such file or directory"), so each reason is
said here in words of the catalogue."""

from __future__ import annotations

import errno

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

#: The start of each message of Python's JSON parser (``json.decoder``, C and Python versions,
#: 3.11 to 3.13) and what it means in plain words.
_REASONS: tuple[tuple[str, Promise], ...] = (
    (
        "Expecting value",
        gettext_lazy("a value is expected here: the file is empty, cut short or not JSON at all"),
    ),
    ("Expecting property name", gettext_lazy("a key in double quotes is expected here")),
    ("Expecting ':'", gettext_lazy("a colon is expected here, after the key")),
    ("Expecting ','", gettext_lazy("a comma is expected here, between two items")),
    ("Unterminated string", gettext_lazy("a text in quotes is not closed")),
    (
        "Invalid control character",
        gettext_lazy("a text in quotes holds a line break or another control character"),
    ),
    ("Invalid \\uXXXX", gettext_lazy("a wrong \\u escape in a text")),
    ("Invalid \\escape", gettext_lazy("a wrong backslash escape in a text")),
    ("Extra data", gettext_lazy("something follows after the end of the data")),
    ("Illegal trailing comma", gettext_lazy("a comma before a closing bracket")),
)


def json_reason(message: str) -> str:
    """The reason of one parser ``message`` (``JSONDecodeError.msg``, or its ``str()``)."""
    for start, reason in _REASONS:
        if message.startswith(start):
            return str(reason)
    return gettext("the file's syntax is not JSON")


def os_error_reason(error: OSError) -> str:
    """Why a file could not be opened or written (the system's own words for a rare case)."""
    if isinstance(error, FileNotFoundError):
        return gettext("there is no such file or folder")
    if isinstance(error, PermissionError):
        return gettext("permission denied (the file or its folder may not be read or written)")
    if isinstance(error, IsADirectoryError):
        return gettext("it is a folder, not a file")
    if isinstance(error, NotADirectoryError):
        return gettext("a part of the path is not a folder")
    if error.errno == errno.ENOSPC:
        return gettext("the disk is full")
    return str(error.strerror or error)
