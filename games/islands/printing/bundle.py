"""Tonight's printing in one PDF, in hand-out order: every team's map sheet and order form, the
notice-board sheet, a "jen pro vedoucí" page, and the staff master sheet last. Each part is drawn
by its own module onto one canvas (no files concatenated)."""

from __future__ import annotations

from collections.abc import Sequence
from io import BytesIO
from pathlib import Path

from django.utils.translation import gettext as _

from camp.pdf import register_fonts
from games.islands.printing.canvas import new_canvas
from games.islands.printing.data import MasterSheet, NoticeSheet, TeamSheet
from games.islands.printing.master_sheet import draw_master_sheet, draw_staff_separator
from games.islands.printing.notice_sheet import draw_notice_sheet
from games.islands.printing.team_sheet import draw_team_sheets


def render_evening(
    teams: Sequence[TeamSheet], notice: NoticeSheet, master: MasterSheet, *, font_dir: Path
) -> bytes:
    register_fonts(font_dir)
    buffer = BytesIO()
    canvas = new_canvas(buffer, _("Golden Islands – tonight's printing"))
    draw_team_sheets(canvas, teams)
    draw_notice_sheet(canvas, notice)
    draw_staff_separator(canvas)
    draw_master_sheet(canvas, master)
    canvas.save()
    return buffer.getvalue()


def render_changed(teams: Sequence[TeamSheet], notice: NoticeSheet | None, *, font_dir: Path) -> bytes:
    """The sheets a correction changed: those teams' map sheets and order forms, and the
    notice-board sheet when the public board changed (None: it did not)."""
    register_fonts(font_dir)
    buffer = BytesIO()
    canvas = new_canvas(buffer, _("Golden Islands – the changed sheets"))
    draw_team_sheets(canvas, teams)
    if notice is not None:
        draw_notice_sheet(canvas, notice)
    canvas.save()
    return buffer.getvalue()
