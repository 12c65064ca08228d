"""The Batavia pages, one module per page or group of pages:

- :mod:`.create`: make the game from its round (staff);
- :mod:`.game_master`: the game master's page and its forms (hot seat, start/undo/bots/finish, seats);
- :mod:`.table`: the projector's table (public view only);
- :mod:`.team`: a team's private page on its phone, reached by its secret link (no login);
- :mod:`.calculator`: the score calculator for a game played on the real board;
- :mod:`.team_links`: the teams' links, the address the phones use and the printed link sheets;
- :mod:`.record`: export and import of a game's record (``batavia/1``);
- :mod:`.template_data`: what the templates get from the engine's views;
- :mod:`.shared`: what the staff pages share (the session a page is about, POST only, the poll).

The staff pages are wired in :meth:`games.batavia.admin.BataviaSessionAdmin.get_urls` (each view
gets the ``model_admin`` for permissions and the admin frame); the team page in ``games.batavia.urls``.
Views parse (a form of :mod:`games.batavia.forms`), call one service, render; a refused change shows
its translated message and changes nothing.
"""
