"""Reads whose SQL the ORM builds once per process and that then run as plain SQL: for the few reads
on every request of a crowd (a team phone's poll) or after every write (the game state), where
building the query cost more than the database's answer.

Not a cache of data: the SQL depends on the code alone, so nothing here goes stale with a write."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any

from django.db import connection
from django.db.models import QuerySet


class PreparedRead:
    """The read ``build(value)`` (a queryset of ``values_list``) with its SQL built once, then run
    for any value. The SQL is built for the two ``samples`` (two ids by default): the parameters in
    which the two differ are the places each run puts its value in."""

    def __init__(
        self, build: Callable[[Any], QuerySet[Any, Any]], *, samples: tuple[Any, Any] = (1, 2)
    ) -> None:
        self.build = build
        self.samples = samples

    @cached_property
    def sql(self) -> tuple[str, tuple[Any, ...], frozenset[int]]:
        """The SQL, its parameters, and the places of the value among them."""
        (sql, params), (other_sql, other_params) = (
            self.build(sample).query.sql_with_params() for sample in self.samples
        )
        places = frozenset(i for i, (a, b) in enumerate(zip(params, other_params, strict=True)) if a != b)
        if sql != other_sql or not places:
            raise AssertionError("a prepared read must pass its value as a parameter of the same SQL")
        return sql, tuple(params), places

    def rows(self, value: Any) -> list[tuple[Any, ...]]:
        """Every row for ``value``, as the database gives them (SQLite's booleans are integers)."""
        sql, params, places = self.sql
        with connection.cursor() as cursor:
            cursor.execute(sql, [value if i in places else p for i, p in enumerate(params)])
            rows: list[tuple[Any, ...]] = cursor.fetchall()
        return rows

    def first(self, value: Any) -> tuple[Any, ...] | None:
        rows = self.rows(value)
        return rows[0] if rows else None
