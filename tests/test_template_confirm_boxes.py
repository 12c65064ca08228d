"""No tick box of ours is ``required``: a confirmation left unticked is answered by the page, in the
page's language and next to the box, not by the browser's bubble in the browser's language (each
page's own refusal is tested with that page)."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

from tests.inline_script import project_templates

CHECKBOX = re.compile(r"<input\b[^>]*\btype=\"checkbox\"[^>]*>", re.S)


def test_no_tick_box_of_any_template_is_required() -> None:
    templates = project_templates(Path(settings.BASE_DIR))
    assert any(path.name == "round_undo.html" for path in templates)  # the search reaches the apps
    required = [
        f"{path.name}: {box}"
        for path in templates
        for box in CHECKBOX.findall(path.read_text(encoding="utf-8"))
        if re.search(r"\srequired\b", box)
    ]
    assert required == []
