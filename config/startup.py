"""Django's start-up for the project's own processes: ``manage.py``, the camp server and WSGI.

Loading the apps leaves some 90,000 objects for the cyclic garbage collector to track, and nearly
all live as long as the process (modules, classes, functions, model fields). While they are made,
the collector walks all of them again each time their number has grown by a quarter: about a
quarter of a command's start-up CPU here (``make bench``), with nothing to collect. So the
collector waits while the apps load, and what they loaded is then frozen (``gc.freeze``): later
collections, a request's or an engine's, never walk it again.
"""

from __future__ import annotations

import ctypes
import gc
import platform
from collections.abc import Sequence

#: glibc's ``mallopt`` parameters: blocks from this size up are mapped on their own (``mmap``);
#: free memory at the top of a heap beyond this size goes back to the system.
M_MMAP_THRESHOLD = -3
M_TRIM_THRESHOLD = -1
#: The size from which the camp server's blocks are each mapped on their own (see
#: :func:`give_back_large_blocks`): a rendered page, its kept copy, a PDF (130–300 KB) are above
#: it; zlib's own buffers (four of 64–68 KB for each stream it compresses) are not: mapped and
#: unmapped for each of a sheet's fifty streams, they cost all teams' sheets 3 ms more (15 %).
LARGE_BLOCK = 80 * 1024
#: How much free memory a heap's top keeps: glibc's 128 KB gave a sheet's memory back and took it
#: again some 200 times a drawing (2 ms of all teams' sheets); 1 MB keeps it.
HEAP_TOP_KEPT = 1024 * 1024


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


def give_back_large_blocks() -> bool:
    """Map every block of :data:`LARGE_BLOCK` or more on its own, so that it goes back to the system
    when freed (Linux with glibc; elsewhere nothing). Whether it was set.

    glibc does so from 128 KB at first, but raises that size to the largest such block freed so far
    (up to 32 MB), after which a server's big short-lived blocks come from its threads' heaps and
    stay there, in pieces: the camp server grew from 76 to 140–150 MB under the crowd's load
    (``python -m bench load``), and to 94 MB with a fixed size (which also stops the raising); the
    heaps' tops then keep :data:`HEAP_TOP_KEPT` free (a fixed size also stops glibc raising it)."""
    if platform.system() != "Linux" or platform.libc_ver()[0] != "glibc":
        return False
    try:
        mallopt = ctypes.CDLL("libc.so.6").mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK)) and bool(mallopt(M_TRIM_THRESHOLD, HEAP_TOP_KEPT))
