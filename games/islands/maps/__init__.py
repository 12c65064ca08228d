"""The Golden Islands maps: what a viewer may see (:mod:`.visibility`), how a map looks
(:mod:`.style`) and its drawing on the pages (:mod:`.svg`). The printed map is
:mod:`games.islands.printing.map`."""
