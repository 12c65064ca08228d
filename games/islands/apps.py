from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class IslandsConfig(AppConfig):
    name = "games.islands"
    label = "islands"
    verbose_name = _("Golden Islands")

    def ready(self) -> None:
        from camp.backup_document import register_part
        from camp.forms import register_board_side_lock, register_team_name_lock
        from camp.services import register_team_add_lock
        from games.islands import backup, desk, locks, services

        desk.register()
        register_board_side_lock(services.board_side_lock)
        register_team_name_lock(services.team_name_lock)
        register_team_add_lock(locks.team_add_lock)
        register_part(backup.PART)
