from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

#: What the backup document calls Batavia's part (``games.batavia.backup.PART``, loaded on use).
BACKUP_KEY, BACKUP_ORDER = "batavia", 30


class BataviaConfig(AppConfig):
    name = "games.batavia"
    label = "batavia"
    verbose_name = _("Batavia")

    def ready(self) -> None:
        # Registered by name: the modules load on first use, so start-up imports nothing heavy.
        from camp.backups.parts import register_part_by_name
        from camp.hooks.desk import register_steps
        from camp.hooks.guards import (
            register_minigame_kind_guard,
            register_round_delete_guard,
            register_team_name_guard,
        )
        from camp.hooks.lazy import lazy_function

        register_steps(lazy_function("games.batavia.tonight_steps", "batavia_steps"), order=20)
        register_team_name_guard(lazy_function("games.batavia.services", "team_name_guard"))
        register_round_delete_guard(lazy_function("games.batavia.services", "round_delete_guard"))
        register_minigame_kind_guard(lazy_function("games.batavia.services", "minigame_kind_guard"))
        register_part_by_name(
            "games.batavia.backup", key=BACKUP_KEY, app_label=self.label, order=BACKUP_ORDER
        )
