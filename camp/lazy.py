"""Functions an app's ``ready()`` registers without importing them: start-up stays light (a command
such as ``islands_scenario`` never loads the backup, guard or step modules it does not use)."""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from importlib import import_module
from typing import Any


def lazy_function(module: str, name: str) -> Callable[..., Any]:
    """A function that calls ``module.name`` (``name`` may be dotted, e.g. ``"PART.export"``),
    importing ``module`` on the first call."""
    found: list[Callable[..., Any]] = []

    def call(*args: Any, **kwargs: Any) -> Any:
        if not found:
            found.append(reduce(getattr, name.split("."), import_module(module)))
        return found[0](*args, **kwargs)

    call.__qualname__ = call.__name__ = f"{module}.{name}"
    return call
