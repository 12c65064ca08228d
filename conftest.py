"""Project-wide pytest set-up: keeps the test settings predictable."""

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

os.environ.setdefault("DJANGO_TESTING", "1")

# No per-example time limit: CI machines are shared and a slow example is not a wrong one
# (speed targets live in `make bench`).
settings.register_profile("project", deadline=None)
settings.load_profile("project")


@pytest.fixture(autouse=True)
def _language_of_the_site() -> Iterator[None]:
    """Every test starts in the site's default language (Czech). A request to ``/en/…`` activates
    English in the thread that made it (the test client runs views in the test's thread), and that
    would leak into the next test on the same worker."""
    from django.conf import settings as django_settings
    from django.utils import translation

    translation.activate(django_settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture(autouse=True, scope="session")
def _remove_the_test_backups() -> Iterator[None]:
    """Tests that commit (``transaction=True``) write snapshots into the process's temporary backup
    folder (see ``config/settings.py``); it goes at the end, as the test database does."""
    yield
    from django.conf import settings as django_settings

    folder = Path(django_settings.BACKUP_DIR)
    if folder.name.startswith("zlate-ostrovy-test-backups-"):
        shutil.rmtree(folder, ignore_errors=True)
