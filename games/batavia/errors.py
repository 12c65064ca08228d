"""The one error family of the Batavia app (its pages, forms and services): what a page or a team
asked for that the app refuses.

Every refusal is a :class:`BataviaError` (the project's :class:`camp.errors.Refusal`, a
``ValidationError``, so a page shows its ``messages``:
translated, as they are); nothing is stored when one is raised. Its kinds:
:class:`BataviaServiceError` (a change the services refuse) and ``forms.FormProblem`` (a posted
field that cannot be read).

The rules engine has a root of its own, ``games.batavia.engine.errors.RulesError``: a pure
``ValueError`` with an English message and a ``code``. The services catch it and raise a
:class:`BataviaServiceError` with the words for people (``words.error_message``) in its place.
``tests/test_error_families.py`` checks that every exception class of the app is one of this family.
"""

from __future__ import annotations

from camp.errors import Refusal


class BataviaError(Refusal):
    """Something the Batavia app refuses; ``messages`` say why (translated)."""


class BataviaServiceError(BataviaError):
    """A refused change; ``message`` is translated and safe to show as it is."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message, code=code)
        self.text = message
