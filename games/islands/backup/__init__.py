"""The Golden Islands' part of a camp backup (``islands`` in ``zlate-ostrovy-camp/1``, see
:mod:`camp.backups.document` and docs/camp-backup-format.md): the board set-up, the board, harbors,
ships, pirates, and per round the opening (pirate draws, priority), every team's orders and the
result with its ``before`` snapshot. Registered in ``apps.py`` (``PART``, loaded on first use).

- :mod:`.export`: the part written from the rows;
- :mod:`.check`: a part read from a file, every problem named by its path, and its summary; the
  rounds' entries are checked by :mod:`.check_rounds`, single fields both read by :mod:`.check_fields`;
- :mod:`.store`: a checked part stored for the newly imported camp run.

Teams are named by name and rounds by number; the database ids the rows hold in their JSON (the
priority order's team ids, the snapshot's ``camp_rows.built`` round ids) are translated both ways.
"""

from camp.backups.parts import BackupPart
from games.islands.backup.check import islands_check, islands_summary
from games.islands.backup.export import islands_export
from games.islands.backup.store import islands_store

PART = BackupPart(
    key="islands",
    export=islands_export,
    check=islands_check,
    store=islands_store,
    summary=islands_summary,
    app_label="islands",
    order=20,
)
