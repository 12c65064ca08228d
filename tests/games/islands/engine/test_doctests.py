"""The examples in the rules engine's docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "hexes",
    "state",
    "notation",
    "orders",
    "events",
    "rng",
    "resolve",
    "scenario",
    "scenario_writer",
    "sampling",
    "moments",
    "warnings",
    "sheet",
    "paper_code",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"games.islands.engine.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
