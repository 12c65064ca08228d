"""Batavia on paper: the link sheets, one A4 page per team with its team name, its private link and
a QR code of it.

The renderer is the camp's (:func:`camp.pdf.render_link_sheets`, shared with the islands' team
links): it takes plain data (no models, no requests) and returns the PDF's bytes. The DejaVu fonts
from ``settings.PDF_FONT_DIR`` are embedded so Czech renders everywhere.
"""

from __future__ import annotations

from camp.pdf import LinkSheet, _wrap_link, render_link_sheets

__all__ = ["LinkSheet", "_wrap_link", "render_link_sheets"]
