"""Whose database this is: the installation row (camp or demo, and which laptop's), claimed by the
first server that starts on it. A snapshot's restore checks it (:mod:`camp.backups.snapshot_content`)."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.db import DatabaseError, transaction
from django.utils.translation import gettext_noop

from camp.backups.snapshots import BackupError, both_languages, sqlite_database_file
from camp.models import Installation, InstallationKind


def installation_current() -> Installation | None:
    """This database's installation row (None: not claimed yet, or the table is not migrated)."""
    try:
        return Installation.objects.filter(singleton=1).first()
    except DatabaseError:
        return None


def installation_claim(*, kind: str) -> Installation:
    """This database's installation row, made as ``kind`` (camp or demo) when it has none yet: an
    existing database without the row becomes what first starts on it. :class:`BackupError` when
    it is already of the other kind (the camp server never serves the demo's database, whose
    password is public; the demo never loads into a camp's)."""
    with transaction.atomic():
        installation, _created = Installation.objects.get_or_create(singleton=1, defaults={"kind": kind})
    if installation.kind == kind:
        return installation
    if kind == InstallationKind.CAMP:
        message = gettext_noop(
            "This database (%(database)s) is the demo's (make run), not a camp's: its staff login has the "
            "password printed in the README. The camp server does not serve it: start `make camp` with "
            "the camp's own data folder (var/, or ZO_DATA_DIR)."
        )
    else:
        message = gettext_noop(
            "This database (%(database)s) is a camp's (make camp), not the demo's: the demo is not "
            "loaded into it. The demo keeps its own folder (var/demo/)."
        )
    raise BackupError(both_languages(message, {"database": sqlite_database_file() or "PostgreSQL"}))


def installation_claim_for_camp(*, out: Callable[[str], None]) -> bool:
    """``make camp``'s start: claim the database for the camp; False (and why, printed) if it is the
    demo's."""
    try:
        installation_claim(kind=InstallationKind.CAMP)
    except BackupError as error:
        out(str(error))
        return False
    return True


def installation_kind() -> str:
    """camp or demo: the installation row's, or (not claimed yet) what this process runs as."""
    installation = installation_current()
    if installation is not None:
        return str(installation.kind)
    return InstallationKind.DEMO if settings.DEMO_MODE else InstallationKind.CAMP
