"""Project-wide pytest set-up: keeps the test settings predictable."""

import os

from hypothesis import settings

os.environ.setdefault("DJANGO_TESTING", "1")

# No per-example time limit: CI machines are shared and a slow example is not a wrong one
# (speed targets live in `make bench`).
settings.register_profile("project", deadline=None)
settings.load_profile("project")
