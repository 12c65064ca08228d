"""The camp's settings in English: ``tests/config/test_startup.py`` checks that ``manage.py`` honours
a ``--settings`` option."""

from config.settings import *  # noqa: F403

LANGUAGE_CODE = "en"
