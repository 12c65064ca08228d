from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class IslandsConfig(AppConfig):
    name = "games.islands"
    label = "islands"
    verbose_name = _("Golden Islands")

    def ready(self) -> None:
        from camp.backup_document import register_part
        from camp.forms import register_board_side_guard, register_team_name_guard
        from camp.services import register_team_add_guard
        from games.islands import backup, guards, tonight_steps

        tonight_steps.register()
        register_board_side_guard(guards.board_side_guard)
        register_team_name_guard(guards.team_name_guard)
        register_team_add_guard(guards.team_add_guard)
        register_part(backup.PART)
