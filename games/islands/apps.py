from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class IslandsConfig(AppConfig):
    name = "games.islands"
    label = "islands"
    verbose_name = _("Golden Islands")

    def ready(self) -> None:
        from games.islands import desk

        desk.register()
