"""The examples in the engine's docstrings are tests too; and how the engine's modules import."""

import doctest
import importlib
import pathlib
import re

import pytest

MODULES = [
    "",
    ".actions",
    ".bots",
    ".components",
    ".errors",
    ".legal",
    ".log",
    ".record",
    ".rng",
    ".rules",
    ".setup",
    ".state",
    ".visibility",
]


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


def test_the_engine_modules_import_each_other_without_a_cycle() -> None:
    """Components and the log sit below actions, actions below the state: no module needs a
    ``TYPE_CHECKING`` back-import."""
    engine = pathlib.Path(importlib.import_module("games.batavia.engine").__file__ or "").parent
    imports: dict[str, set[str]] = {}
    for path in engine.glob("*.py"):
        text = path.read_text()
        assert "TYPE_CHECKING" not in text, path
        if path.stem != "__init__":
            imports[path.stem] = set(re.findall(r"^from \.(\w+) import", text, re.MULTILINE))
            imports[path.stem] |= set(re.findall(r"^from \. import (\w+)", text, re.MULTILINE))
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        if module in done:
            return
        for imported in imports[module]:
            visit(imported, (*path, module))
        done.add(module)

    for module in imports:
        visit(module, ())
    assert imports["components"] == set() and "state" not in imports["actions"]
