"""The project-wide templates (the admin's frame and home) live in the top-level ``templates/``
(``TEMPLATES["DIRS"]``, searched before every app's ``templates/``): Django's admin picks ours,
whatever the order of ``INSTALLED_APPS``; each app's own pages stay in the app."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.template.loader import get_template

PROJECT_WIDE = ["admin/base.html", "admin/base_site.html", "admin/index.html"]


@pytest.mark.parametrize("name", PROJECT_WIDE)
def test_the_admin_uses_the_project_templates(name: str) -> None:
    assert Path(get_template(name).origin.name) == Path(settings.BASE_DIR) / "templates" / name


@pytest.mark.parametrize(
    ("name", "app"),
    [
        ("admin/camp/camp/backups.html", "camp"),
        ("admin/camp/desk.html", "camp"),
        ("admin/batavia/master.html", "games/batavia"),
        ("batavia/base.html", "games/batavia"),
        ("islands/round.html", "games/islands"),
    ],
)
def test_app_pages_stay_in_their_app(name: str, app: str) -> None:
    assert Path(get_template(name).origin.name) == Path(settings.BASE_DIR) / app / "templates" / name


def test_no_app_overrides_a_project_template() -> None:
    """One home: an app's copy of the admin's frame would be silently shadowed by ours."""
    root = Path(settings.BASE_DIR)
    copies = [
        str(path.relative_to(root))
        for name in PROJECT_WIDE
        for path in [*root.glob(f"camp/templates/{name}"), *root.glob(f"games/*/templates/{name}")]
    ]
    assert copies == []
