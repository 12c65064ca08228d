"""The Golden Islands pages, one module per page or group of pages:

- :mod:`.board`: the board set-up of a camp run (seed, hexes, sides, bays, start);
- :mod:`.round`: the evening checklist of one round, open and close;
- :mod:`.orders`: one team's orders (with :mod:`.orders_map`, its map, ships and map clicks);
- :mod:`.resolve`: the preview of a round, then commit;
- :mod:`.after`: telescopes, map hints and the public log of a resolved round;
- :mod:`.undo`: undo of the last resolved round;
- :mod:`.round_files`: export and import of round files;
- :mod:`.standings`: the staff standings; :mod:`.sheets`: the printed sheets (PDF);
- :mod:`.notice_board`: the public notice board; :mod:`.replay`: a round step by step (public);
- :mod:`.team`: a team's own live page behind its private link (public, read only);
  :mod:`.team_links`: the staff's list of those links, their QR handouts, renew and revoke;
- :mod:`.shared`: what the staff round pages share; :mod:`.rows`: table rows staff and public pages
  both show; :mod:`.links`: the round pages' addresses (light: the evening panel imports it).

The staff pages are wired in :mod:`games.islands.admin` (each round page gets the ``model_admin``
for the admin frame; every page checks the read permissions, every write ``shared.PERMISSION``),
the public ones in :mod:`games.islands.urls_public`. Every page is one template with named partials
for htmx. Views parse (a form of :mod:`games.islands.forms`), call one service or selector, render;
a user's mistake (or a tampered POST) becomes a message on the page, never a 500 and never a
partial write.
"""
