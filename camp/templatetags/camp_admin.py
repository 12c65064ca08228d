"""Template tags of the staff pages."""

from __future__ import annotations

from typing import Any

from django import template

from camp import desk, selectors
from camp.models import Camp

register = template.Library()


@register.inclusion_tag("admin/camp/desk.html", takes_context=True)
def evening_desk(context: template.Context) -> dict[str, Any]:
    """The "tonight" panel: the latest camp run, its evening round and the evening's steps."""
    camp = selectors.latest_camp()
    round_ = selectors.evening_round(camp) if camp else None
    return {
        "camp": camp,
        "round": round_,
        "steps": desk.steps_for(round_) if round_ else [],
        "camp_steps": desk.camp_steps_for(camp) if camp else [],
        "request": context.get("request"),
    }


@register.simple_tag
def camp_steps(camp: Camp) -> list[desk.DeskStep]:
    """The camp run's next steps that are not tied to a round (e.g. a game's set-up before it starts)."""
    return desk.camp_steps_for(camp)
