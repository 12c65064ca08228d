"""Project-wide pytest set-up: keeps the test settings predictable."""

import os

os.environ.setdefault("DJANGO_TESTING", "1")
