"""The camp run's version: a random token (:attr:`camp.models.Camp.public_version`) that every write
of the camp run's game rows draws anew. What the pages keep is keyed by it (``camp.caches``), so a
kept page, view or value never outlives a write.

The one hook: the game's rows are the models with a :class:`camp.game_rows.GameRowManager` (which
names the way from a row to its camp run). Their ``post_save`` and ``post_delete``, and the bulk
writes their querysets announce (:data:`camp.game_rows.game_rows_written`), draw the version of the
row's camp run, whoever writes: a service, the admin's change and delete pages, a command. Connected
once, in ``CampConfig.ready`` (:func:`watch_game_rows`). A write of a model listed in
:data:`NOT_WATCHED` draws nothing, for the reason given there.

Every write draws, in its own transaction: one more small UPDATE of the camp's row, so a rollback
takes the version back with the rows, and a page kept under a version never hides a later write of
the same transaction. A write of many rows draws once per camp run; the rows a queryset's
``delete()`` deletes (and cascades to) draw nothing more each. Only Django's documented API:
signals, ``transaction.on_commit``.

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

from camp.game_rows import GameRowManager, deleting_announced, game_rows_written
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


def _draw(camp_id: int | None, *, stored: bool = False) -> None:
    """Draw a new version of ``camp_id`` in the write's transaction (``stored``: the write itself
    stored one), and have the front door read it again now and once it commits."""
    if camp_id is None:
        return
    if not stored:
        Camp._base_manager.filter(pk=camp_id).update(public_version=new_public_version())
    public_version_forget(camp_id)  # this thread's next request reads the new one at once
    # every thread's once it commits (one may have read the old one meanwhile)
    transaction.on_commit(lambda: public_version_forget(camp_id))


# ------------------------------------------------------------------------------------ the hook


def _camp_path(model: type[models.Model]) -> str:
    manager = model._default_manager
    assert isinstance(manager, GameRowManager) and manager.camp_path is not None
    return manager.camp_path


def _camp_of(row: models.Model, path: str) -> int | None:
    """The id of the camp run ``row`` belongs to, by ``path`` (the way from the row to it): read
    from the row, or with one small query where the row did not come with the one it points to."""
    if not path:
        return cast("int | None", row.pk)
    first, _, rest = path.partition("__")
    field = row._meta.get_field(first)
    assert isinstance(field, models.ForeignKey)
    target_id = getattr(row, field.attname)
    if not rest or target_id is None:
        return cast("int | None", target_id)
    if field.is_cached(row):  # no query
        return _camp_of(getattr(row, first), rest)
    target = cast("type[models.Model]", field.related_model)
    return cast("int | None", target._base_manager.filter(pk=target_id).values_list(rest, flat=True).first())


def _row_written(row: models.Model) -> None:
    """Draw the version of the camp run of a row written (saved, deleted)."""
    _draw(_camp_of(row, _camp_path(type(row))))


def _saved(sender: type[models.Model], instance: models.Model, **kwargs: Any) -> None:
    if isinstance(instance, Camp):  # Camp.save stored a new version itself
        _draw(instance.pk, stored=True)
    else:
        _row_written(instance)


def _deleted(sender: type[models.Model], instance: models.Model, **kwargs: Any) -> None:
    # A deleted camp run has no pages left to change; the rows a queryset's delete deletes (and
    # the rows they cascade to, all of the same camp runs) found their versions drawn when it
    # was announced.
    if not isinstance(instance, Camp) and not deleting_announced():
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
        # One row for each row it points to (the others lead to the same camp run), one draw a camp run.
        attname = sender._meta.get_field(first).attname if first else "pk"  # type: ignore[union-attr]
        parents = {getattr(row, attname): row for row in reversed(rows)}.values()
        for camp_id in {_camp_of(row, path) for row in parents}:
            _draw(camp_id)
        return
    assert queryset is not None
    if sender is Camp and "public_version" in fields:
        return  # it stores a version itself
    for camp_id in queryset.order_by().values_list(path or "pk", flat=True).distinct():
        _draw(camp_id)


def watch_game_rows() -> None:
    """Connect the hook to every game row's model (once, in ``CampConfig.ready``)."""
    for model in apps.get_models():
        if isinstance(model._default_manager, GameRowManager):
            uid = f"camp-version-{model._meta.label}"
            post_save.connect(_saved, sender=model, dispatch_uid=f"{uid}-saved")
            post_delete.connect(_deleted, sender=model, dispatch_uid=f"{uid}-deleted")
    game_rows_written.connect(_bulk_written, dispatch_uid="camp-version-bulk")
