"""Single fields of the islands' part of a camp backup that both the board's checks
(:mod:`.check`) and the rounds' (:mod:`.check_rounds`) read, beyond what camp's reader has: a hex of
the board by its label, a staff member's username."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from camp.backups.reader import DocumentReader
from games.islands.engine.hexes import Hex, LabelError, geometry


def board_hex(
    r: DocumentReader, value: Any, path: str, side: int | None, *, null: bool = False, bay: bool = False
) -> Hex | None:
    """A hex of the board by its label (``E3``; with ``bay``, a bay ``Z2`` too)."""
    if value is None and null:
        return None
    text = r.string(value, path, max_length=4)
    if text is None or side is None:
        return None
    g = geometry(side)
    try:
        h = g.parse(text)
    except LabelError:
        h = None
    if h is None or (not g.on_board(h) and not (bay and g.is_bay(h))):
        r.fail(
            path, _("“%(label)s” is not a hex of a board of side %(side)d") % {"label": text, "side": side}
        )
        return None
    return h


def username(r: DocumentReader, value: Any, path: str) -> None:
    """A staff member's username as a row keeps it (``None`` when nobody is named)."""
    if value is not None:
        r.string(value, path, max_length=150)
