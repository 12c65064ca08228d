"""The project's one error root, :class:`Refusal`, and the camp app's kind of it, :class:`CampError`:
what staff asked for that camp does not allow, or a file or database it cannot take.

Every refusal of the project is a :class:`Refusal`, a ``ValidationError`` (a page or form shows its
``messages``: translated, each a full sentence, as they are); nothing is stored when one is raised.
Each app has its kind below it (``CampError``, ``games.islands.errors.IslandsError``,
``games.batavia.errors.BataviaError``); camp's narrow kinds live beside the code that raises them:

- ``camp.services``: ``PlacementsError`` (``problems``, each naming its team), ``RoundStatusError``,
  ``PhoneAddressError``;
- ``camp.backups.snapshots.BackupError`` (a snapshot not written, read or put back; English and Czech),
  ``camp.backups.document.BackupDocumentError`` (``problems``, each with its JSON path);
- ``camp.demo.DemoError`` (the demo cannot be built or serialized here).

``tests/test_error_families.py`` checks that every exception class of the app is one. This module
imports nothing of camp: any floor may raise its errors.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError


class Refusal(ValidationError):
    """Something the tool refuses; ``messages`` say why (translated). ``str()`` is those messages, one
    a line, as a command prints them (Django's own ``str()`` of a ``ValidationError`` is a list's repr).
    A ``ValidationError`` so that a form or page shows it as Django shows its own (docs/architecture.md,
    "One error root")."""

    def __str__(self) -> str:
        return "\n".join(self.messages)


class CampError(Refusal):
    """Something camp refuses."""
