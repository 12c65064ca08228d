"""One error root for the project, one family per app below it: every exception class of an app's
Django side is one of its app's kind (``CampError``, ``IslandsError``, ``BataviaError``), each a
``camp.errors.Refusal``, so a page that shows a refusal's ``messages`` shows every refusal, and no
second root creeps in. The engines are pure: their errors are
``ValueError``\\ s, never Django's."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType

import pytest
from django.core.exceptions import ValidationError

from camp.backups.snapshots import BackupError
from camp.errors import CampError, Refusal
from camp.services import PlacementsError, Problem
from games.batavia.errors import BataviaError
from games.islands.errors import IslandsError
from games.islands.printing.data import SheetsUnavailable

ROOTS: dict[str, type[Exception]] = {
    "camp": CampError,
    "games.islands": IslandsError,
    "games.batavia": BataviaError,
}
ENGINES = ("games.islands.engine", "games.batavia.engine")
#: Not walked: migrations (rows, no errors) and the WSGI entry point (it builds the application).
SKIPPED = (".migrations", "config.wsgi")


def _modules(package: str) -> list[ModuleType]:
    root = importlib.import_module(package)
    names = [package] + [info.name for info in pkgutil.walk_packages(root.__path__, prefix=package + ".")]
    return [importlib.import_module(name) for name in names]


def _exceptions(module: ModuleType) -> list[type[BaseException]]:
    """The exception classes a module defines; a module's private signal (``_DuplicateKey``: raised
    and caught inside it) is no refusal of the app."""
    return [
        cls
        for name, cls in inspect.getmembers(module, inspect.isclass)
        if cls.__module__ == module.__name__ and issubclass(cls, BaseException) and not name.startswith("_")
    ]


def _django_side(package: str) -> list[ModuleType]:
    return [
        m
        for m in _modules(package)
        if not m.__name__.startswith(ENGINES) and not any(s in m.__name__ for s in SKIPPED)
    ]


@pytest.mark.parametrize("package", list(ROOTS))
def test_every_exception_of_an_app_is_of_its_root(package: str) -> None:
    root = ROOTS[package]
    found = [cls for module in _django_side(package) for cls in _exceptions(module)]
    assert root in found
    strays = [
        f"{cls.__module__}.{cls.__qualname__}"
        for cls in found
        if not issubclass(cls, root) and cls is not Refusal  # the project's root lives in camp.errors
    ]
    assert strays == []
    # The walk sees the narrow kinds too (it would pass on a package it did not walk).
    assert len(found) >= {"camp": 6, "games.islands": 5, "games.batavia": 3}[package]


def test_the_apps_kinds_are_one_per_app_below_the_one_root() -> None:
    assert issubclass(Refusal, ValidationError)
    for root in ROOTS.values():
        assert root.__bases__ == (Refusal,)  # directly below the project's root, nothing between
        assert [r for r in ROOTS.values() if issubclass(root, r)] == [root]
    assert "__str__" not in vars(CampError) and "__str__" in vars(Refusal)  # said once, for all


@pytest.mark.parametrize("engine", ENGINES)
def test_the_engines_errors_stay_value_errors(engine: str) -> None:
    found = [cls for module in _modules(engine) for cls in _exceptions(module)]
    assert found
    assert [cls.__qualname__ for cls in found if not issubclass(cls, ValueError)] == []
    assert [cls.__qualname__ for cls in found if issubclass(cls, ValidationError)] == []


def test_str_of_a_refusal_is_its_messages_as_a_command_prints_them() -> None:
    """A command prints ``str(error)`` of a ``BackupError``; a page prints ``str()`` of the
    sheets' refusal: the message itself, not the list repr of Django's ``ValidationError``."""
    assert str(BackupError("The database is in use.\nDatabáze se používá.")) == (
        "The database is in use.\nDatabáze se používá."
    )
    assert str(SheetsUnavailable("Print them from round 2.")) == "Print them from round 2."
    assert str(BataviaError("Hra už běží.")) == "Hra už běží." and str(IslandsError(["a", "b"])) == "a\nb"
    refused = PlacementsError([Problem("Red: no place.", "missing", 1), Problem("Blue: 0.", "rank", 2)])
    assert refused.messages == ["Red: no place.", "Blue: 0."]
    assert str(refused) == "Red: no place.\nBlue: 0."
