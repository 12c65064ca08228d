from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

#: What the backup document calls the islands' part (``games.islands.backup.PART``, loaded on use).
BACKUP_KEY, BACKUP_ORDER = "islands", 20


class IslandsConfig(AppConfig):
    name = "games.islands"
    label = "islands"
    verbose_name = _("Golden Islands")

    def ready(self) -> None:
        # Registered by name: the modules load on first use, so start-up imports nothing heavy.
        from camp.backups.parts import register_part_by_name
        from camp.hooks.desk import register_camp_steps, register_steps
        from camp.hooks.guards import (
            register_board_side_guard,
            register_team_add_guard,
            register_team_name_guard,
        )
        from camp.hooks.lazy import lazy_function

        register_steps(lazy_function("games.islands.tonight_steps", "islands_steps"), order=30)
        register_camp_steps(lazy_function("games.islands.tonight_steps", "islands_camp_steps"), order=30)
        register_board_side_guard(lazy_function("games.islands.guards", "board_side_guard"))
        register_team_name_guard(lazy_function("games.islands.guards", "team_name_guard"))
        register_team_add_guard(lazy_function("games.islands.guards", "team_add_guard"))
        register_part_by_name(
            "games.islands.backup", key=BACKUP_KEY, app_label=self.label, order=BACKUP_ORDER
        )
