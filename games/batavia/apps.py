from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BataviaConfig(AppConfig):
    name = "games.batavia"
    label = "batavia"
    verbose_name = _("Batavia")

    def ready(self) -> None:
        from camp.backup_document import register_part
        from camp.desk import register_steps
        from camp.forms import register_team_name_lock
        from camp.selectors import register_round_delete_lock
        from camp.services import register_minigame_kind_lock
        from games.batavia import backup, services
        from games.batavia.tonight_steps import batavia_steps

        register_steps(batavia_steps, order=20)
        register_team_name_lock(services.team_name_lock)
        register_round_delete_lock(services.round_delete_lock)
        register_minigame_kind_lock(services.minigame_kind_lock)
        register_part(backup.PART)
