"""The test suite's settings (``DJANGO_SETTINGS_MODULE`` in pyproject.toml): the project's own for a
test run. ``config.settings`` knows a test run by this module's name (or ``DJANGO_TESTING=1``), never by
what happens to be imported: a test database in a file per process, fast password hashes, no
lock-outs, the rehearsals run in the test's process, snapshots in a folder of their own."""

from config.settings import *  # noqa: F403
