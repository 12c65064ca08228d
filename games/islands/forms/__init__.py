"""The Django forms of every Golden Islands request that carries data, one module a concept; import
a form from the module that owns it (``from games.islands.forms.orders import OrdersForm``):

- :mod:`.orders`: a team's order sheet as typed, and the order page's switches;
- :mod:`.telescope`: the telescope choices, staff's and a team's own;
- :mod:`.files`: a round file to import;
- :mod:`.board`: the board set-up (seed, a fair deal's board, hex, sides, bay);
- :mod:`.rehearsal`: a rehearsal of the game;
- :mod:`.plans`: the teams' plans on the staff's pages (hand-in panel, deadline, paper code);
- :mod:`.links`: the team links' switch;
- :mod:`.shared`: what they share (a text as posted, a tick box, the confirmation box).

A page binds one, and hands the service what it cleaned (typed values: a hex, a tile, a bay's
number; the services parse nothing).
"""
