"""The "address for the phones" panel of the admin home and the Batavia master page, and its warning
on the pages that print QR codes (the team links, the round page)."""

from __future__ import annotations

from typing import Any

from django import template
from django.conf import settings

from camp.selectors import phone_address
from camp.web.network import addresses_now, phone_address_state, phone_url

register = template.Library()


@register.inclusion_tag("camp/phone_address.html", takes_context=True)
def phone_address_panel(context: template.Context, heading: bool = True) -> dict[str, Any]:
    """Which address the teams' links carry and, under ``make camp``, a form to choose another of
    the addresses the laptop has now (for staff who may change it). ``heading`` is off on the
    panel's own page, whose title already says the same."""
    request = context["request"]
    state = phone_address_state(request)
    chosen = phone_address() if settings.CAMP_MODE else None
    now = addresses_now() if settings.CAMP_MODE else []
    return {
        "heading": heading,
        "in_use": state.in_use,
        "state": state,
        "camp_mode": settings.CAMP_MODE,
        "chosen": chosen,
        "candidates": [{"address": a, "url": phone_url(a)} for a in now],
        "can_change": settings.CAMP_MODE and request.user.has_perm("camp.change_phoneaddress"),
        "next": request.get_full_path(),
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("camp/_phone_address_warning.html", takes_context=True)
def phone_address_warning(context: template.Context) -> dict[str, Any]:
    """The panel's warning alone, with a link to the panel: on the pages where the QR codes are
    printed, when the phones cannot open the address the links carry (nothing otherwise)."""
    return {"state": phone_address_state(context["request"]), "elsewhere": True}
