"""Guards the games put on camp data: "why may this no longer change?" without camp importing games.

A guard is a registry of checks; a check returns the translated reason a change is refused, or ""
when it allows it. A game registers its checks in its ``AppConfig.ready`` (like :mod:`camp.desk`),
and camp asks :meth:`Guard.reason` before it changes or deletes something. ("Guard", not "lock":
a lock in this code base is a row lock, ``select_for_update``.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, ParamSpec

P = ParamSpec("P")


class Guard(Generic[P]):
    def __init__(self) -> None:
        self._checks: list[Callable[P, str]] = []

    def register(self, check: Callable[P, str]) -> None:
        """Add a check (once: registering it again changes nothing)."""
        if all(existing is not check for existing in self._checks):
            self._checks.append(check)

    def reason(self, *args: P.args, **kwargs: P.kwargs) -> str:
        """The first check's reason to refuse, or "" when every check allows the change."""
        for check in self._checks:
            if reason := check(*args, **kwargs):
                return reason
        return ""
