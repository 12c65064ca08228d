from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CampConfig(AppConfig):
    name = "camp"
    verbose_name = _("Camp")
