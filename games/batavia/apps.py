from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BataviaConfig(AppConfig):
    name = "games.batavia"
    label = "batavia"
    verbose_name = _("Batavia")

    def ready(self) -> None:
        from camp.backup_document import register_part
        from camp.desk import register_steps
        from camp.forms import register_team_name_guard
        from camp.selectors import register_round_delete_guard
        from camp.services import register_minigame_kind_guard
        from games.batavia import backup, services
        from games.batavia.tonight_steps import batavia_steps

        register_steps(batavia_steps, order=20)
        register_team_name_guard(services.team_name_guard)
        register_round_delete_guard(services.round_delete_guard)
        register_minigame_kind_guard(services.minigame_kind_guard)
        register_part(backup.PART)
