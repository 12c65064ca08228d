"""Template filters of the Golden Islands' words: ``{{ ship.ident|ship_name }}`` -> "Loď 2"."""

from __future__ import annotations

from django import template

from games.islands import words

register = template.Library()


@register.filter
def ship_name(ident: object) -> str:
    """A ship's name as people read it (never a hex label); the id stays in forms and attributes."""
    return words.ship_label(str(ident))


@register.simple_tag
def team_ship_name(team: object, ident: object) -> str:
    """A team's ship as people read it: "Loď 1 (Červení piráti)" (the ship, then its team)."""
    return words.who_label(str(team), str(ident))
