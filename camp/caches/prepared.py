"""Reads whose SQL the ORM builds once per process and that then run as plain SQL: for the few reads
on every request of a crowd (a team phone's poll) or after every write (the game state), where
building the query cost more than the database's answer."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any

from django.db import connection
from django.db.models import QuerySet

#: An id no row has (ids count up from 1): it marks a read's one id parameter in the SQL built once.
NO_ROW_ID = -(2**31) + 7


class PreparedRead:
    """The read ``build(marker)`` (a queryset of ``values_list``), run again with another value in the
    place of ``marker``: a value no row holds, which names the read's one parameter in the SQL."""

    def __init__(self, build: Callable[[Any], QuerySet[Any, Any]], *, marker: Any) -> None:
        self.build = build
        self.marker = marker

    @cached_property
    def sql(self) -> tuple[str, tuple[Any, ...]]:
        sql, params = self.build(self.marker).query.sql_with_params()
        if self.marker not in params:
            raise AssertionError("a prepared read must name its marker")
        return sql, tuple(params)

    def rows(self, value: Any) -> list[tuple[Any, ...]]:
        """Every row for ``value``, as the database gives them (SQLite's booleans are integers)."""
        sql, params = self.sql
        with connection.cursor() as cursor:
            cursor.execute(sql, [value if p == self.marker else p for p in params])
            rows: list[tuple[Any, ...]] = cursor.fetchall()
        return rows

    def first(self, value: Any) -> tuple[Any, ...] | None:
        rows = self.rows(value)
        return rows[0] if rows else None
