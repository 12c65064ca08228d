from axes.apps import AppConfig as AxesAppConfig
from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CampConfig(AppConfig):
    name = "camp"
    verbose_name = _("Camp")

    def ready(self) -> None:
        from camp import checks  # noqa: F401  (registers the system checks)


class LoginAttemptsConfig(AxesAppConfig):
    """django-axes under a name staff understand (the admin's section of login attempts)."""

    verbose_name = _("Login attempts")
