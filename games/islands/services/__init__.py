"""Writes of the Golden Islands game, one module per concern; import from the module that owns a
function (``from games.islands.services import rounds as round_services``):

- :mod:`.board`: the board and the set-up (generate, edit a hex, sides, bays, start) and storing
  an engine state into the camp's rows;
- :mod:`.rounds`: a round's life: open, store orders, resolve, undo, telescopes, close;
- :mod:`.team_links`: the teams' own links (on per camp run; create, renew, revoke);
- :mod:`.round_files`: a round as a ``zlate-ostrovy/1`` file (export) and a file as a new camp run
  (import).

Every service is a keyword-only ``<thing>_<action>`` function, one transaction, refusing with an
:class:`games.islands.errors.IslandsError` that changes nothing.
"""
