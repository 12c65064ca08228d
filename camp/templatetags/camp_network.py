"""The "address for the phones" panel of the admin home and the Batavia master page."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django import template
from django.conf import settings

from camp.selectors import phone_address
from camp.web.network import addresses_now, is_loopback_host, phone_base_url, phone_url

register = template.Library()


@register.inclusion_tag("camp/phone_address.html", takes_context=True)
def phone_address_panel(context: template.Context) -> dict[str, Any]:
    """Which address the teams' links carry and, under ``make camp``, a form to choose another of
    the addresses the laptop has now (for staff who may change it)."""
    request = context["request"]
    in_use = phone_base_url(request)
    chosen = phone_address() if settings.CAMP_MODE else None
    now = addresses_now() if settings.CAMP_MODE else []
    return {
        "in_use": in_use,
        "camp_mode": settings.CAMP_MODE,
        "chosen": chosen,
        "missing": chosen is not None and chosen.address not in now,
        "loopback": is_loopback_host(urlsplit(in_use).hostname or ""),
        "candidates": [{"address": a, "url": phone_url(a)} for a in now],
        "can_change": settings.CAMP_MODE and request.user.has_perm("camp.change_phoneaddress"),
        "next": request.get_full_path(),
        "csrf_token": context.get("csrf_token"),
    }
