"""Functions an app's ``ready()`` registers without importing them: start-up stays light (a command
such as ``islands_scenario`` never loads the backup, guard or step modules it does not use)."""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from importlib import import_module
from typing import Any

#: Every ``(module, name)`` given to :func:`lazy_function` so far: no import shows them to the import
#: linter, so ``tests/test_registrations.py`` resolves each (a rename fails there, not on a camp evening).
NAMED: list[tuple[str, str]] = []


def named_function(module: str, name: str) -> Any:
    """``module.name`` (``name`` may be dotted), imported now."""
    return reduce(getattr, name.split("."), import_module(module))


def lazy_function(module: str, name: str) -> Callable[..., Any]:
    """A function that calls ``module.name`` (``name`` may be dotted, e.g. ``"PART.export"``),
    importing ``module`` on the first call."""
    found: list[Callable[..., Any]] = []
    NAMED.append((module, name))

    def call(*args: Any, **kwargs: Any) -> Any:
        if not found:
            found.append(named_function(module, name))
        return found[0](*args, **kwargs)

    call.__qualname__ = call.__name__ = f"{module}.{name}"
    return call
