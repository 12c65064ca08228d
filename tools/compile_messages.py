"""Compile every ``locale/*/LC_MESSAGES/django.po`` (and ``djangojs.po``, the JavaScript's) of the
project into ``.mo`` files.

Pure Python (polib), so a machine without GNU gettext can still update translations. The
compiled files are committed; ``tests/test_translations.py`` checks that they are up to date.
"""

from __future__ import annotations

import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent


def po_files() -> list[Path]:
    return sorted(p for p in ROOT.glob("**/locale/*/LC_MESSAGES/django*.po") if ".venv" not in p.parts)


def main() -> int:
    for po_path in po_files():
        po = polib.pofile(str(po_path))
        po.save_as_mofile(str(po_path.with_suffix(".mo")))
        print(f"compiled {po_path.relative_to(ROOT)} ({len(po.translated_entries())} messages)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
