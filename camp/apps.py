from typing import Any

from axes.apps import AppConfig as AxesAppConfig
from django.apps import AppConfig
from django.contrib.admin.apps import SimpleAdminConfig
from django.core import checks
from django.utils.translation import gettext_lazy as _


class CampConfig(AppConfig):
    name = "camp"
    verbose_name = _("Camp")

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from camp.caches.version import watch_game_rows
        from camp.staff.roles import roles_after_migrate
        from camp.web import checks  # noqa: F401  (registers the system checks)

        watch_game_rows()
        post_migrate.connect(roles_after_migrate, sender=self, dispatch_uid="camp.staff.roles")


class LoginAttemptsConfig(AxesAppConfig):
    """django-axes under a name staff understand (the admin's section of login attempts)."""

    verbose_name = _("Login attempts")


class LazyAdminConfig(SimpleAdminConfig):
    """Django's admin, with its ``admin.py`` modules (and through them every staff page, ReportLab and
    the QR codes) imported when the URLs are first loaded (``config/urls.py``), not at start-up: a
    command such as ``islands_scenario`` never pays for them."""

    def ready(self) -> None:
        from django.contrib.admin.checks import check_dependencies

        checks.register(check_dependencies, checks.Tags.admin)
        checks.register(check_admin_app_after_discovery, checks.Tags.admin)


def check_admin_app_after_discovery(app_configs: Any, **kwargs: Any) -> list[checks.CheckMessage]:
    """Django's own check of the registered admin classes, once they are registered (the system
    checks run in no fixed order, so this one cannot count on the URL check having loaded them)."""
    from django.contrib import admin
    from django.contrib.admin.checks import check_admin_app

    admin.autodiscover()
    return list(check_admin_app(app_configs, **kwargs))
