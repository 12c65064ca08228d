"""The camp's public version: a random token that every write changing what the public pages show
draws anew (:attr:`camp.models.Camp.public_version`); their cached copies and ETags are keyed by it,
and what the pages read again and again (``camp.caches``). Drawing it, and reading it.

Its own module, light on imports, because ``CampConfig.ready`` connects the row signals at start-up
(issue 12: start-up imports neither camp's services nor its forms).
"""

from __future__ import annotations

import threading
import time
from functools import cache
from typing import Any

from django.db import connection, transaction

from camp.models import Camp, Placement, Round, Team, new_public_version

#: Seconds the public pages' front door trusts a camp run's version it read
#: (:func:`public_version_recent`): every request of every phone asked the database
#: for it, and the query cost as much as the rest of a kept page's answer. A write in this process
#: is seen at once (:func:`public_version_bump` forgets the version it changed when it commits);
#: one from outside (a command run beside the server) within this time. A phone polls every 10 s.
RECENT_SECONDS = 0.5
#: camp id: (when read, its version), for the camp runs that exist.
recent_versions: dict[int, tuple[float, str]] = {}
recent_lock = threading.Lock()


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
    return f"SELECT {q(field)} FROM {q(table)} WHERE {q(Camp._meta.pk.column)} = %s"  # type: ignore[union-attr]


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


def public_version_bump(*, camp: Camp | int) -> None:
    """A new :attr:`Camp.public_version`: what the camp's public pages show has changed (their cached
    copies and ETags go). Call it inside the write's transaction, so the token always goes with the
    rows it describes (a snapshot of the database holds both)."""
    camp_id = camp if isinstance(camp, int) else camp.pk
    Camp.objects.filter(pk=camp_id).update(public_version=new_public_version())
    _forget_now_and_on_commit(camp_id)
    if isinstance(camp, Camp):
        camp.refresh_from_db(fields=["public_version"])


def _bump_for_row(
    sender: type[Team | Round | Placement], instance: Team | Round | Placement, **kwargs: Any
) -> None:
    camp_id = instance.camp_id if isinstance(instance, Team | Round) else instance.round.camp_id
    public_version_bump(camp=camp_id)


def _camp_saved(sender: type[Camp], instance: Camp, **kwargs: Any) -> None:
    _forget_now_and_on_commit(instance.pk)


def _forget_now_and_on_commit(camp_id: int) -> None:
    """This thread's next request reads the new version (inside the transaction), and every
    thread's once it commits (one may have read the old one meanwhile)."""
    public_version_forget(camp_id)
    transaction.on_commit(lambda: public_version_forget(camp_id))


def public_version_watch_rows() -> None:
    """Teams, rounds and placements change the public pages however they are written (the services
    here, and the admin's own change and delete pages, which save the rows directly): each save and
    delete bumps the version (connected once, in ``CampConfig.ready``)."""
    from django.db.models.signals import post_delete, post_save

    post_save.connect(_camp_saved, sender=Camp, dispatch_uid="public-version-camp")  # Camp.save draws one
    for model in (Team, Round, Placement):
        post_save.connect(_bump_for_row, sender=model, dispatch_uid=f"public-version-{model.__name__}")
        post_delete.connect(_bump_for_row, sender=model, dispatch_uid=f"public-version-del-{model.__name__}")
