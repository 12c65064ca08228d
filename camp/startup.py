"""Django's start-up for the project's own processes: ``manage.py``, the camp server and WSGI.

Loading the apps leaves some 90,000 objects for the cyclic garbage collector to track, and nearly
all live as long as the process (modules, classes, functions, model fields). While they are made,
the collector walks all of them again each time their number has grown by a quarter: about a
quarter of a command's start-up CPU here (``make bench``), with nothing to collect. So the
collector waits while the apps load, and what they loaded is then frozen (``gc.freeze``): later
collections, a request's or an engine's, never walk it again.
"""

from __future__ import annotations

import gc
from collections.abc import Sequence


def django_setup(*, set_prefix: bool = True) -> None:
    """``django.setup()`` with the garbage collector held off while the apps load, and the loaded
    objects frozen out of later collections; the collector is left as it was found."""
    import django

    was_enabled = gc.isenabled()
    gc.disable()
    try:
        django.setup(set_prefix=set_prefix)
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()


def django_setup_for_command(argv: Sequence[str]) -> None:
    """:func:`django_setup` ahead of ``execute_from_command_line(argv)``, which then finds the apps
    ready. Left to Django: ``runserver`` (its autoreloader reports a broken start-up and waits for
    the fix), a ``--settings`` or ``--pythonpath`` option (Django reads them first) and settings
    that do not load (Django says why, or runs a command that needs none, such as ``help``)."""
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured

    if argv[1:2] == ["runserver"] or any(a.startswith(("--settings", "--pythonpath")) for a in argv):
        return
    try:
        settings.INSTALLED_APPS  # noqa: B018  (loads the settings module)
    except (ImproperlyConfigured, ImportError):
        return
    django_setup()
