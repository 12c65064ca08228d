"""The examples in the engine's docstrings are tests too."""

import doctest
import importlib
import pathlib

import pytest

MODULES = ["", ".actions", ".bots", ".errors", ".record", ".rng", ".rules", ".state", ".views"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module("games.batavia.engine" + name)
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0


def test_engine_never_imports_django() -> None:
    engine = pathlib.Path(importlib.import_module("games.batavia.engine").__file__ or "").parent
    for path in engine.glob("*.py"):
        text = path.read_text()
        assert "import django" not in text and "from django" not in text, path
