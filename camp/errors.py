"""The one error family of the camp app: what staff asked for that camp does not allow, or a file or
database it cannot take.

Every refusal is a :class:`CampError` (a ``ValidationError``, so a page or form shows its
``messages``: translated, each a full sentence, as they are); nothing is stored when one is raised.
Its narrow kinds live beside the code that raises them:

- ``camp.services``: ``PlacementsError`` (``problems``, each naming its team), ``RoundStatusError``,
  ``PhoneAddressError``;
- ``camp.backups.BackupError`` (a snapshot not written, read or put back; English and Czech),
  ``camp.backup_document.BackupDocumentError`` (``problems``, each with its JSON path);
- ``camp.demo.DemoError`` (the demo cannot be built or serialized here).

``tests/test_error_families.py`` checks that every exception class of the app is one. This module
imports nothing of camp: any floor may raise its errors.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError


class CampError(ValidationError):
    """Something camp refuses; ``messages`` say why (translated). ``str()`` is those messages, one a
    line, as a command prints them (Django's own ``str()`` of a ``ValidationError`` is a list's repr)."""

    def __str__(self) -> str:
        return "\n".join(self.messages)
