"""The camp's own staff pages, one module per page or group of pages:

- :mod:`.placements`: the page that records all placements of a round at once;
- :mod:`.ap_overview`: the AP overview of a camp run (rounds × teams, printable);
- :mod:`.backup_file`: a camp run's backup file (``zlate-ostrovy-camp/1``): download, restore;
- :mod:`.snapshots`: the database snapshots, with downloads (superusers only);
- :mod:`.rules`: a game's rules.

They are wired in :mod:`camp.admin.registrations` (each gets its ``ModelAdmin`` as ``model_admin``: the
permissions and the admin frame) and rendered with :func:`camp.pages.base.render_admin_page`.
Views parse (a form of :mod:`camp.forms`), call one service or selector, render; a user's mistake
(or a tampered POST) becomes a message on the page, never a 500 and never a partial write.
"""
