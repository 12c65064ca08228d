"""Template tags of the staff pages."""

from __future__ import annotations

from typing import Any

from django import template

from camp import selectors
from camp.backups import export as backup_export
from camp.hooks import desk
from camp.models import Camp, Round
from camp.pages import rules_text as rules
from camp.web.disk_full import refused_saves

register = template.Library()


#: The session key of the camp run staff chose on the home page's switcher.
DESK_CAMP_SESSION_KEY = "zo_desk_camp"


@register.inclusion_tag("admin/camp/desk.html", takes_context=True)
def evening_desk(context: template.Context) -> dict[str, Any]:
    """The "tonight" panel: the camp switcher, the shown camp run, its evening round and its steps.

    ``?camp=<id>`` chooses the camp run (remembered for the session); see ``selectors.desk_camp``."""
    request = context.get("request")
    choices = selectors.camp_choices()
    asked = request.GET.get("camp") if request is not None else None
    remembered = request.session.get(DESK_CAMP_SESSION_KEY) if request is not None else None
    camp = selectors.desk_camp(choices, [asked, remembered])
    if request is not None and camp is not None and asked == str(camp.pk):
        request.session[DESK_CAMP_SESSION_KEY] = camp.pk
    round_ = selectors.evening_round(camp) if camp else None
    marks = desk.switcher_marks([choice.camp for choice in choices])
    user = getattr(request, "user", None)
    return {
        "camp": camp,
        "choices": [(choice, marks[choice.camp.pk]) for choice in choices],
        "camp_mark": marks.get(camp.pk, "") if camp else "",
        "round": round_,
        "steps": desk.steps_for_user(desk.steps_for(round_), user) if round_ else [],
        "camp_steps": desk.steps_for_user(desk.camp_steps_for(camp), user) if camp else [],
        "may_add_round": user is None or user.has_perm("camp.add_round"),
        "request": request,
    }


@register.inclusion_tag("admin/camp/refused_saves.html")
def refused_saves_notice() -> dict[str, Any]:
    """How many saves a full disk refused since the server started (their log lines could not be
    written then): staff enter them again."""
    return {"count": refused_saves.count, "last": refused_saves.last}


@register.simple_tag(takes_context=True)
def camp_steps(context: template.Context, camp: Camp) -> list[desk.DeskStep]:
    """The camp run's next steps that are not tied to a round (e.g. a game's set-up before it
    starts) that the login may open."""
    steps = desk.steps_for_user(desk.camp_steps_for(camp), getattr(context.get("request"), "user", None))
    return [step for step in steps if step.url]


#: What the admin home lists besides the evening panel, per app: the tables staff open by hand. The
#: games' other tables (hexes, ships, orders, results …) are reached from the round pages; each
#: app's page (the section's heading) still lists all of its tables.
HOME_TABLES: dict[str, tuple[str, ...]] = {
    "camp": ("Camp", "Round", "Team"),
    "islands": ("BoardSetup",),
    "batavia": ("BataviaSession",),
    "auth": ("User", "Group"),
    "axes": ("AccessAttempt",),
}


@register.simple_tag
def home_sections(app_list: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The admin home's short list of tables: ``app_list`` (what the user may see) cut down to
    :data:`HOME_TABLES`, in that order."""
    apps = {app["app_label"]: app for app in app_list}
    sections = []
    for label, names in HOME_TABLES.items():
        app = apps.get(label)
        if app is None:
            continue
        models = [m for name in names for m in app["models"] if m["object_name"] == name]
        if models:
            sections.append({"name": app["name"], "url": app["app_url"], "models": models})
    return sections


@register.simple_tag
def next_round(round_: Round) -> Round | None:
    """The round after ``round_`` in its camp run (None when it is the last one so far)."""
    return Round.objects.filter(camp_id=round_.camp_id, number__gt=round_.number).order_by("number").first()


@register.simple_tag
def rules_games() -> tuple[rules.RulesGame, ...]:
    """The games with a rules page (the admin header links to each)."""
    return rules.RULES_GAMES


@register.simple_tag
def may_download_snapshots(user: Any) -> bool:
    """Whether the home links the database snapshots (``camp.pages.snapshots``)."""
    return backup_export.may_download_snapshots(user)
