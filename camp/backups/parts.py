"""The games' parts of the camp backup document (:mod:`camp.backups.document`): each game registers
its part in its ``AppConfig.ready``, by name, so that registering imports neither the document's
reader nor the game's own backup module (start-up stays light: issue 12). A part checks with
:mod:`camp.backups.reader`; its ``store`` is given the camp rows just stored (:class:`ImportedCamp`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.contrib.auth import get_user_model

if TYPE_CHECKING:
    from camp.backups.reader import DocumentIndex, DocumentReader
    from camp.models import Camp, MiniGame, Round, Team


@dataclass(frozen=True)
class BackupPart:
    """A game's part of the document, under its own top-level ``key``.

    - ``export(camp)``: the part as JSON (only built-in types), with natural keys only;
    - ``check(reader, value, path, index)``: note every problem of the part (writes nothing);
    - ``store(value, imported)``: store a checked part for the newly imported camp run;
    - ``summary(value)``: lines saying what the part holds, for the restore page's preview.
    """

    key: str
    export: Callable[[Camp], Any]
    check: Callable[[DocumentReader, Any, str, DocumentIndex], None]
    store: Callable[[Any, ImportedCamp], None]
    summary: Callable[[Any], list[str]]
    #: The game's app: exporting needs the view permission of each of its models (hidden data).
    app_label: str
    order: int = 50


@dataclass
class ImportedCamp:
    """The rows just stored for the camp part, for the games' parts to refer to."""

    camp: Camp
    teams: dict[str, Team]
    rounds: dict[int, Round]
    minigames: dict[int, MiniGame]
    moment: datetime

    def user(self, username: Any) -> Any:
        """The user of that name on this installation, or None (users are not part of the file)."""
        if not isinstance(username, str) or not username:
            return None
        return get_user_model()._default_manager.filter(username=username).first()


_PARTS: list[BackupPart] = []
CAMP_KEYS = ("format", "exported_at", "camp", "teams", "rounds")


def register_part(part: BackupPart) -> None:
    """Add a game's part (once per key); parts are written, checked and stored by ``order``."""
    if part.key in CAMP_KEYS:
        raise ValueError(f"{part.key!r} is a key of the camp's own part")
    _PARTS[:] = [p for p in _PARTS if p.key != part.key]
    _PARTS.append(part)
    _PARTS.sort(key=lambda p: p.order)


def parts() -> list[BackupPart]:
    return list(_PARTS)


def register_part_by_name(module: str, *, key: str, app_label: str, order: int) -> None:
    """Register the part ``module.PART`` without importing ``module``: each of its functions is
    looked up when first called (an app's ``ready`` registers it so; start-up stays light)."""
    from camp.hooks.lazy import lazy_function

    functions = {f: lazy_function(module, f"PART.{f}") for f in ("export", "check", "store", "summary")}
    register_part(BackupPart(key=key, app_label=app_label, order=order, **functions))
