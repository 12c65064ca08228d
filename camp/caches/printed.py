"""Printed sheets kept by what they show: a sheet asked for again with the same data is answered
with the PDF drawn before, without drawing it again.

Drawing is most of a sheet's cost (on the largest board 7 ms for one team's sheet and 18 ms for
all twelve, its data 4–5 ms), and staff print the same sheets more than once (a jammed printer, a
second copy for the notice board, a sheet checked on the screen first).
The key is a hash of everything the drawing reads: the sheet's data (frozen dataclasses, every
field of them pickled), its kind and the language. The data is gathered afresh on every
request, so a sheet whose data changed is drawn anew at once; a write that changed nothing on it
(placements saved as they were) finds the same PDF. Every sheet is drawn with ``invariant=1``: the
same data gives the same bytes, so a kept PDF is exactly what drawing it again would give.

The PDFs stay in this process's memory only (at most :data:`KEEP_BYTES`, the least recently
asked for leave first); a sheet is never written to disk or a shared cache, and is only answered
to whoever may ask for its data (the views check that before they gather it)."""

from __future__ import annotations

import hashlib
import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable

from django.utils.translation import get_language

#: The most bytes of PDFs kept: the largest camp's whole evening (all teams' sheets, the notice
#: board and the master sheet) is about 400 KB, so a few rounds' printing fit.
KEEP_BYTES = 8 * 1024 * 1024

_kept: OrderedDict[str, bytes] = OrderedDict()
_kept_bytes = 0
_lock = threading.Lock()


def sheet_key(kind: str, data: object) -> str:
    """The key of a sheet of ``kind`` drawn from ``data`` in the active language: a hash of them
    pickled (every field, each object shared by the teams' sheets once: their ``repr`` cost the
    largest camp's sheets 3 ms, the pickle 0.4 ms); their ``repr`` for data that does not pickle."""
    held = (kind, get_language(), data)
    try:
        raw = pickle.dumps(held, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        raw = repr(held).encode()
    return hashlib.sha256(raw).hexdigest()


def printed_once(kind: str, data: object, draw: Callable[[], bytes]) -> bytes:
    """The PDF ``draw()`` gives for ``data``: drawn the first time, kept for the next request."""
    global _kept_bytes
    key = sheet_key(kind, data)
    with _lock:
        content = _kept.get(key)
        if content is not None:
            _kept.move_to_end(key)
            return content
    content = draw()  # outside the lock: another sheet may be drawn meanwhile
    with _lock:
        if key not in _kept and len(content) <= KEEP_BYTES:
            _kept[key] = content
            _kept_bytes += len(content)
            while _kept_bytes > KEEP_BYTES:
                _, dropped = _kept.popitem(last=False)
                _kept_bytes -= len(dropped)
    return content


def forget_printed() -> None:
    """Drop every kept PDF (tests; a new translation in a running process)."""
    global _kept_bytes
    with _lock:
        _kept.clear()
        _kept_bytes = 0


def kept_printed() -> int:
    """How many PDFs are kept (tests)."""
    with _lock:
        return len(_kept)
