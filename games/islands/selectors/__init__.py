"""Reads of the Golden Islands game, one module a concept; import a read from the module that owns it
(``from games.islands.selectors.rounds import round_overview``):

- :mod:`.board`: the board set-up and hexes, a board dealt from a seed and its fairness, whether the
  game is on, the teams' harbors, the seeds derived from the camp's seed;
- :mod:`.maps`: the map views (for the staff, for every team, before a round, of an engine state),
  the teams' looks, the notice board's version;
- :mod:`.rounds`: where a round stands (its overview, its preview, its telescopes, undo allowed);
- :mod:`.links`: the teams' own links;
- :mod:`.plans`: the teams' plans, the hand-in deadline, the plans' log.

The engine state lives in :mod:`games.islands.game_state`, a team's orders in
:mod:`games.islands.orders`, what resolved rounds tell in :mod:`games.islands.results`.

Every function here runs a fixed number of queries, whatever the size of the board or the number
of ships (tests check it with ``django_assert_num_queries``). One short function per read; the next
read of a new noun gets its own module.
"""
