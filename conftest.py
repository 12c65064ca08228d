"""Project-wide pytest set-up: keeps the test settings predictable."""

import os
from collections.abc import Iterator

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
