"""The game's rows: the models whose writes change what the camp run's pages show. Each takes a
:class:`GameRowManager` naming the way from its row to its camp run; then every write of it tells
``camp.caches.version``, which draws the camp run's new version (one hook, whoever writes:
``docs/architecture.md``, "How the tool knows what changed").

A row's own ``save()`` and ``delete()`` (and the rows a delete cascades to) send Django's
``post_save`` and ``post_delete``. The writes of many rows at once send neither, so this manager's
querysets announce them with :data:`game_rows_written`: ``update()`` (and so ``bulk_update()``,
which runs it), ``bulk_create()``, ``delete()`` and :meth:`GameRowQuerySet.update_rows`. A write
outside any transaction gets one of its own here, so the new version is stored with the rows it
describes.

Light: it imports nothing of the camp, so ``camp/models.py`` and the games' models can use it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from contextvars import ContextVar
from typing import Any, TypeVar, cast

from django.db import connections, models, transaction
from django.dispatch import Signal

_M = TypeVar("_M", bound=models.Model)

#: Sent before a queryset's ``update()`` or ``delete()`` (``queryset``: the rows it will write,
#: ``fields``: the fields an update sets) and after ``bulk_create()`` or ``update_rows()``
#: (``rows``: the model instances written); ``sender`` is the model. ``post_save`` and
#: ``post_delete`` tell the rest.
game_rows_written = Signal()

#: True while a queryset's ``delete()`` announced with :data:`game_rows_written` runs: the rows it
#: deletes, and those they cascade to, need not each tell their ``post_delete``.
_deleting: ContextVar[bool] = ContextVar("zo_game_rows_deleting", default=False)


def deleting_announced() -> bool:
    """Whether the rows being deleted now were announced by their queryset's ``delete()``."""
    return _deleting.get()


class GameRowQuerySet(models.QuerySet[_M]):
    """The writes of many rows at once, each announced with :data:`game_rows_written`."""

    def update(self, **kwargs: Any) -> int:
        with transaction.atomic(using=self.db, savepoint=False):
            game_rows_written.send(sender=self.model, queryset=self, fields=frozenset(kwargs))
            return super().update(**kwargs)

    update.alters_data = True  # type: ignore[attr-defined]

    def delete(self) -> tuple[int, dict[str, int]]:
        # Each row deleted sends post_delete too: announced here, they need not draw again.
        with transaction.atomic(using=self.db, savepoint=False):
            game_rows_written.send(sender=self.model, queryset=self, fields=frozenset())
            announced = _deleting.set(True)
            try:
                return super().delete()
            finally:
                _deleting.reset(announced)

    delete.alters_data = True  # type: ignore[attr-defined]
    delete.queryset_only = True  # type: ignore[attr-defined]

    def bulk_create(self, objs: Iterable[_M], *args: Any, **kwargs: Any) -> list[_M]:
        with transaction.atomic(using=self.db, savepoint=False):
            created = super().bulk_create(objs, *args, **kwargs)
            game_rows_written.send(sender=self.model, rows=created)
        return created

    bulk_create.alters_data = True  # type: ignore[attr-defined]

    def update_rows(self, rows: Sequence[_M], names: Collection[str]) -> int:
        """Write the fields ``names`` of ``rows`` (their values as set on them) in one prepared
        UPDATE run once per row (``executemany``). Returns the number of rows written.

        In place of ``bulk_update``, which builds a CASE WHEN with a filter per row and field: for
        the camp's few dozen ships that cost more than resolving the round itself (issue 22)."""
        if not rows or not names:
            return 0
        connection = connections[self.db]
        meta = self.model._meta
        fields = [cast("models.Field[Any, Any]", meta.get_field(name)) for name in sorted(names)]
        pk = meta.pk
        assert pk is not None
        q = connection.ops.quote_name
        assignments = ", ".join(f"{q(field.column)} = %s" for field in fields)
        sql = f"UPDATE {q(meta.db_table)} SET {assignments} WHERE {q(pk.column)} = %s"
        params = [
            [field.get_db_prep_save(getattr(row, field.attname), connection) for field in fields]
            + [pk.get_db_prep_save(row.pk, connection)]
            for row in rows
        ]
        with transaction.atomic(using=self.db, savepoint=False):
            with connection.cursor() as cursor:
                cursor.executemany(sql, params)
            game_rows_written.send(sender=self.model, rows=rows)
        return len(params)

    update_rows.alters_data = True  # type: ignore[attr-defined]


class GameRowManager(models.Manager[_M]):
    """The manager of a game's row: ``camp`` is the way from a row to its camp run, as a lookup
    (``"camp"``, ``"team__camp"``, ``"result__round__camp"``; ``""`` for the camp run itself)."""

    def __init__(self, *, camp: str | None = None) -> None:
        super().__init__()
        # None only on the managers Django derives from it for related rows (``team.ships``),
        # which it builds without arguments; the hook reads the model's own.
        self.camp_path = camp

    def get_queryset(self) -> GameRowQuerySet[_M]:
        return GameRowQuerySet(self.model, using=self._db)

    def update_rows(self, rows: Sequence[_M], names: Collection[str]) -> int:
        return self.get_queryset().update_rows(rows, names)
