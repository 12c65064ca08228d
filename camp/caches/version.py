"""The camp run's version: a random token (:attr:`camp.models.Camp.public_version`) that every write
of the camp run's game rows draws anew. What the pages keep is keyed by it (``camp.caches``), so a
kept page, view or value never outlives a write.

The one hook: the game's rows are the models with a :class:`camp.game_rows.GameRowManager` (which
names the way from a row to its camp run). Their ``post_save`` and ``post_delete``, and the bulk
writes their querysets announce (:data:`camp.game_rows.game_rows_written`), draw the version of the
row's camp run, whoever writes: a service, the admin's change and delete pages, a command. Connected
once, in ``CampConfig.ready`` (:func:`watch_game_rows`). A write of a model listed in
:data:`NOT_WATCHED` draws nothing, for the reason given there.

Once per transaction and camp run: the first write draws the version, in its transaction, and the
rows written after it at the same level go with it (a resolve that writes 500 rows updates the
camp's row once; a savepoint opened inside, such as ``update_or_create``'s or a service's called
in a test's transaction, draws its own). The note of it (:class:`VersionDrawn`) is one of the
transaction's on-commit callbacks, which Django drops with a savepoint rolled back: a write after
a rollback draws again. A write after the version was read in the same transaction
(:func:`public_version`: a page or value kept under it) draws again too, so nothing kept under a
version hides a later write, even where the reader shares the writer's transaction (the tests).

Its own module, light on imports, because ``CampConfig.ready`` connects the signals at start-up
(issue 12: start-up imports neither camp's services nor its forms).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from functools import cache
from typing import Any, cast

from django.apps import apps
from django.db import connection, models, transaction
from django.db.models.signals import post_delete, post_save

from camp.game_rows import GameRowManager, game_rows_written
from camp.models import Camp, new_public_version

#: Seconds the public pages' front door trusts a camp run's version it read
#: (:func:`public_version_recent`): every request of every phone asked the database for it, and the
#: query cost as much as the rest of a kept page's answer. A write in this process is seen at once
#: (a drawn version is forgotten now and when it commits); one from outside (a command run beside
#: the server) within this time. A phone polls every 10 s.
RECENT_SECONDS = 0.5
#: camp id: (when read, its version), for the camp runs that exist.
recent_versions: dict[int, tuple[float, str]] = {}
recent_lock = threading.Lock()

#: The models of the camp and the games whose writes draw no version, and why. Every other model
#: of these apps is a game row (tests/camp/caches/test_version.py keeps it so).
NOT_WATCHED: dict[str, str] = {
    "camp.Installation": "which laptop's database this is: no camp run's page shows it",
    "camp.PhoneAddress": (
        "the address the team links carry, one per database: the link pages read it on every request"
    ),
    "islands.Rehearsal": (
        "a rehearsal's progress, written by its worker every few seconds: only the staff's board and"
        " rehearsal pages show it, read on every poll; a version per progress line would send every"
        " screen a new board"
    ),
    "batavia.BataviaSession": (
        "Batavia's pages are keyed by the session's own version and record (games/batavia/selectors.py),"
        " not the camp run's: a move every few seconds must not send every islands screen a new board"
    ),
    "batavia.BataviaSeat": "as batavia.BataviaSession: the seats' pages read the session's own version",
}


# ------------------------------------------------------------------------------------ reading


def public_version(camp_id: int) -> str | None:
    """The token of a camp run, ``None`` when there is no such camp run. Plain SQL: this runs on every
    request of every screen, and building the ORM query cost more than the rest of a cached answer."""
    if not 0 < camp_id < 2**63:  # no row has such an id, and the database would refuse the number
        return None
    if connection.in_atomic_block:
        _seen(camp_id)  # what is kept under it must not hide this transaction's next write
    with connection.cursor() as cursor:
        cursor.execute(_VERSION_SQL(), [camp_id])
        row = cursor.fetchone()
    return None if row is None else str(row[0])


def public_version_recent(camp_id: int) -> str | None:
    """:func:`public_version`, read from the database at most every :data:`RECENT_SECONDS` (the
    front door's: see there)."""
    now = time.monotonic()
    seen = recent_versions.get(camp_id)
    if seen is not None and now - seen[0] < RECENT_SECONDS:
        return seen[1]
    token = public_version(camp_id)
    if token is not None:  # only camp runs that exist: a made-up id keeps nothing
        with recent_lock:
            recent_versions[camp_id] = (now, token)
    return token


@cache
def _VERSION_SQL() -> str:
    q = connection.ops.quote_name
    table, field = Camp._meta.db_table, Camp._meta.get_field("public_version").column
    return f"SELECT {q(field)} FROM {q(table)} WHERE {q(Camp._meta.pk.column)} = %s"


def public_version_forget(camp_id: int | None = None) -> None:
    """The front door asks the database for this camp run's version (every camp run's: None) again."""
    with recent_lock:
        if camp_id is None:
            recent_versions.clear()
        else:
            recent_versions.pop(camp_id, None)


def public_version_read_at(camp_id: int) -> float:
    """(tests) When the front door last read the version of ``camp_id`` (0: not kept)."""
    with recent_lock:
        return recent_versions.get(camp_id, (0.0, ""))[0]


# ------------------------------------------------------------------------------------ drawing


def public_version_bump(*, camp: Camp | int) -> None:
    """A new :attr:`Camp.public_version` now, whatever this transaction drew before. The game rows'
    writes draw one by themselves; this is for a change the rows do not hold (the tests' hidden
    writes, a bench's "after a change")."""
    camp_id = camp if isinstance(camp, int) else camp.pk
    _draw(camp_id)
    if isinstance(camp, Camp):
        camp.refresh_from_db(fields=["public_version"])


class VersionDrawn:
    """The note that this transaction drew a new version of a camp run, kept as an on-commit
    callback (which forgets the front door's copy): Django drops it when the transaction ends or a
    savepoint around it is rolled back. ``savepoints``: those open when it was drawn. ``rows``: the
    rows of other models (model label, id) found to lead to this camp run, so that their next
    writes need not look the way up again. ``seen``: a reader of this transaction read the version
    since (a page kept under it): the next write draws another."""

    def __init__(self, camp_id: int, savepoints: tuple[str, ...]) -> None:
        self.camp_id = camp_id
        self.savepoints = savepoints
        self.rows: set[tuple[str, Any]] = set()
        self.seen = False

    def __call__(self) -> None:
        public_version_forget(self.camp_id)


def _open_savepoints() -> tuple[str, ...]:
    return tuple(sid for sid in connection.savepoint_ids if sid is not None)


def _drawn_notes() -> list[VersionDrawn]:
    """The versions drawn that the write under way may go with, newest first: drawn in its own
    transaction or savepoint, or in a savepoint since released into it (Django keeps the callbacks
    of a released savepoint and drops those of one rolled back). Not one drawn around it: a
    savepoint opened inside draws its own, as a service called in a test's transaction must. None
    outside a transaction: there each write commits on its own."""
    if not connection.in_atomic_block:
        return []
    here = _open_savepoints()
    notes = []
    for callback in reversed(connection.run_on_commit):
        func = callback[1]  # (savepoints, the callback, robust)
        if isinstance(func, VersionDrawn) and not func.seen and func.savepoints[: len(here)] == here:
            notes.append(func)
    return notes


def _seen(camp_id: int) -> None:
    """The version of ``camp_id`` was read inside this transaction: the writes after it draw anew."""
    for callback in connection.run_on_commit:
        func = callback[1]
        if isinstance(func, VersionDrawn) and func.camp_id == camp_id:
            func.seen = True


def _draw(camp_id: int, *, stored: bool = False) -> VersionDrawn:
    """Draw a new version of ``camp_id`` (``stored``: the write itself stored one) and note it."""
    if not stored:
        Camp._base_manager.filter(pk=camp_id).update(public_version=new_public_version())
    note = VersionDrawn(camp_id, _open_savepoints())
    public_version_forget(camp_id)  # this thread's next request reads the new one at once
    transaction.on_commit(note)  # every thread's once it commits (one may have read the old one)
    return note


def _draw_once(camp_id: int | None, *, row: tuple[str, Any] | None = None) -> None:
    """Draw the version of ``camp_id`` unless the transaction under way drew it already."""
    if camp_id is None:
        return
    note = next((note for note in _drawn_notes() if note.camp_id == camp_id), None) or _draw(camp_id)
    if row is not None:
        note.rows.add(row)


# ------------------------------------------------------------------------------------ the hook


def _camp_path(model: type[models.Model]) -> str:
    manager = model._default_manager
    assert isinstance(manager, GameRowManager) and manager.camp_path is not None
    return manager.camp_path


def _row_written(row: models.Model, path: str | None = None) -> None:
    """Draw the version of the camp run of a row written (saved, deleted), found by ``path`` (the
    way from the row to its camp run; its model's own by default)."""
    path = _camp_path(type(row)) if path is None else path
    if not path:
        _draw_once(row.pk)
        return
    first, _, rest = path.partition("__")
    field = row._meta.get_field(first)
    assert isinstance(field, models.ForeignKey)
    target_id = getattr(row, field.attname)
    if not rest:
        _draw_once(target_id)
    elif field.is_cached(row):  # the row came with the one it points to: no query
        _row_written(getattr(row, first), rest)
    else:
        target = cast("type[models.Model]", field.related_model)
        key = (target._meta.label, target_id)
        if any(key in note.rows for note in _drawn_notes()):
            return
        _draw_once(target._base_manager.filter(pk=target_id).values_list(rest, flat=True).first(), row=key)


def _saved(sender: type[models.Model], instance: models.Model, **kwargs: Any) -> None:
    if isinstance(instance, Camp):  # Camp.save stored a new version itself
        _draw(instance.pk, stored=True)
    else:
        _row_written(instance)


def _deleted(sender: type[models.Model], instance: models.Model, **kwargs: Any) -> None:
    if not isinstance(instance, Camp):  # a deleted camp run has no pages left to change
        _row_written(instance)


def _bulk_written(
    sender: type[models.Model],
    *,
    rows: Sequence[models.Model] | None = None,
    queryset: models.QuerySet[Any, Any] | None = None,
    fields: frozenset[str] = frozenset(),
    **kwargs: Any,
) -> None:
    path = _camp_path(sender)
    first = path.partition("__")[0]
    if rows is not None:
        # One row for each row it points to: the others lead to the same camp run.
        attname = sender._meta.get_field(first).attname if first else "pk"  # type: ignore[union-attr]
        for row in {getattr(row, attname): row for row in reversed(rows)}.values():
            _row_written(row, path)
        return
    assert queryset is not None
    if sender is Camp and "public_version" in fields:
        return  # it stores a version itself
    if "__" not in path:
        for camp_id in queryset.order_by().values_list(path or "pk", flat=True).distinct():
            _draw_once(camp_id)
        return
    # The rows they point to are noted with their camp run: the rows a delete deletes each send
    # post_delete, which then finds the version drawn without a query.
    field = sender._meta.get_field(first)
    label = field.related_model._meta.label  # type: ignore[union-attr]
    for target_id, camp_id in queryset.order_by().values_list(field.attname, path).distinct():  # type: ignore[union-attr]
        _draw_once(camp_id, row=(label, target_id))


def watch_game_rows() -> None:
    """Connect the hook to every game row's model (once, in ``CampConfig.ready``)."""
    for model in apps.get_models():
        if isinstance(model._default_manager, GameRowManager):
            uid = f"camp-version-{model._meta.label}"
            post_save.connect(_saved, sender=model, dispatch_uid=f"{uid}-saved")
            post_delete.connect(_deleted, sender=model, dispatch_uid=f"{uid}-deleted")
    game_rows_written.connect(_bulk_written, dispatch_uid="camp-version-bulk")
