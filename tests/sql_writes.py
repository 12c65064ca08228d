"""Which statements write: the tests that watch a request's or a service's SQL
(``connection.execute_wrapper``) ask here."""

from __future__ import annotations

import re

_WRITE = re.compile(
    r'^\s*(?:INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER|TRUNCATE)\b(?:\s+(?:INTO|FROM|TABLE))?\s+"?(\w+)',
    re.IGNORECASE,
)


def written_table(sql: str) -> str | None:
    """The table a statement writes to, or None for a statement that writes nothing."""
    match = _WRITE.match(sql)
    return match.group(1) if match else None
