"""The Golden Islands' rules engine: pure Python, no Django (``docs/architecture.md``).

Its modules run compiled (mypyc) when ``make compiled`` has built them from these very sources,
and as Python otherwise: :mod:`.compiled`.
"""

from .compiled import compiled_path

__path__ = compiled_path(__path__, __name__)
