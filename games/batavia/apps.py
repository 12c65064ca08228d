from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BataviaConfig(AppConfig):
    name = "games.batavia"
    label = "batavia"
    verbose_name = _("Batavia")
