"""Who may see the camp's secrets, and the staff's three roles (docs/staff-guide.md, "Role vedoucích").

A view permission on a model lets its holder read the rows; three secrets hang on permissions of
their own (the camp run's, ``Camp.Meta.permissions``), so that no mix of view permissions reaches
them:

- :data:`TEAM_LINKS`: the teams' links, i.e. their tokens and everything made of one (the address,
  its QR code on a page, a handout or a team's printed sheet). A token lets its holder act as the
  team: hand in its plan, play its Batavia hand.
- :data:`SEED`: the camp run's seed, from which every hidden draw follows (the pirates, the Batavia
  decks): the camp run's page shows it, a round file carries it.
- :data:`EXPORT`: the camp's backups: the camp export (every secret of a camp run), restoring one,
  the database snapshots. The files hold the tokens and the seed, so a download asks for those
  permissions too (:func:`camp.backups.export.export_permissions`).

The hidden board (unrevealed hexes, the pirates' draws, the cargo, the Batavia hands and bills)
stays behind the games' own view permissions (islands: the board's and the rounds', Batavia: the
game's), as before.

:data:`ROLES` are the three named roles, each a Django group (:mod:`camp.staff.roles` keeps them). The
group's name is the role's name in the camp's language (``settings.LANGUAGE_CODE``: Czech), written
when the groups are kept up to date; its permissions are exactly the role's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, gettext_noop, pgettext_lazy

#: The teams' links: their tokens, addresses, QR codes, handouts, the link on a team's sheet.
TEAM_LINKS = "camp.see_team_links"
#: The camp run's seed.
SEED = "camp.see_seed"
#: The camp's backups: the camp export and its restore, the database snapshots.
EXPORT = "camp.export_camp"

#: ``Camp.Meta.permissions`` (codename, name): the names as Django stores them, in English (marked
#: for translation: :func:`permission_words` shows them in the page's language).
CAMP_PERMISSIONS = (
    ("see_team_links", gettext_noop("Can see the teams' links, their QR codes and handouts")),
    ("see_seed", gettext_noop("Can see the camp run's seed")),
    ("export_camp", gettext_noop("Can download the camp's backups and restore a camp run from one")),
)


#: Django's four model permissions by their codename's action (the model is named beside them).
MODEL_ACTION_WORDS = {
    "add": pgettext_lazy("permission", "Can add"),
    "change": pgettext_lazy("permission", "Can change"),
    "delete": pgettext_lazy("permission", "Can delete"),
    "view": pgettext_lazy("permission", "Can view"),
}


def permission_words(codename: str, model: str, stored: str) -> str:
    """A permission's name in the page's language. Django writes every name in English when it
    migrates ("Can add camp run"); its four model permissions read by their action, the camp run's
    own by their translation."""
    action, _sep, rest = codename.partition("_")
    if rest == model and action in MODEL_ACTION_WORDS:
        return str(MODEL_ACTION_WORDS[action])
    return gettext(stored)


def may_see_team_links(user: Any) -> bool:
    return bool(user.has_perm(TEAM_LINKS))


def may_see_seed(user: Any) -> bool:
    return bool(user.has_perm(SEED))


def _all(app: str, *models: str) -> tuple[str, ...]:
    actions = ("view", "add", "change", "delete")
    return tuple(f"{app}.{action}_{model}" for model in models for action in actions)


def _views(app: str, *models: str) -> tuple[str, ...]:
    return tuple(f"{app}.view_{model}" for model in models)


@dataclass(frozen=True)
class Role:
    #: The role's name, English in code; the group is named in the camp's language.
    name: Any
    #: Every permission of these apps.
    apps: tuple[str, ...] = ()
    #: And these (``app_label.codename``).
    permissions: tuple[str, ...] = ()


#: The camp's models the evening works on (a camp run's teams, rounds, mini-games and placements).
_EVENING = ("team", "round", "minigame", "placement")
_ISLANDS_MODELS = (
    "boardsetup",
    "boardhex",
    "harbor",
    "ship",
    "pirate",
    "islandsround",
    "teamorders",
    "roundresult",
    "telescopechoice",
    "undoneresolution",
    "teamplan",
    "planlogentry",
    "teamlink",
    "rehearsal",
    "publicnotice",
)

#: The head leader: everything, the logins and the roles included.
HEAD = Role(
    name=pgettext_lazy("staff role", "Head leader"),
    apps=("camp", "islands", "batavia", "auth", "axes"),
)
#: A leader runs the evening: rounds, placements, the islands rounds (orders, plans, resolve,
#: printing), Batavia, the team links and their handouts, the address for the phones, lifting a
#: lock-out. Not: the board's set-up, deleting a camp run, the seed, the backups, the logins.
LEADER = Role(
    name=pgettext_lazy("staff role", "Leader"),
    permissions=(
        "camp.view_camp",
        "camp.change_camp",
        *_all("camp", *_EVENING),
        "camp.view_phoneaddress",
        "camp.change_phoneaddress",
        TEAM_LINKS,
        *_views("islands", *_ISLANDS_MODELS),
        "islands.change_teamorders",  # every write of a round (games.islands.pages.shared.PERMISSION)
        "batavia.view_bataviasession",
        "batavia.change_bataviasession",
        "batavia.view_bataviaseat",
        "axes.view_accessattempt",
        "axes.delete_accessattempt",
    ),
)
#: A helper records the mini-games and their placements and sees the rounds and the AP; the
#: public notice board needs no login. Nothing of the games' staff pages: no token, no seed, no
#: hidden board, no backup.
HELPER = Role(
    name=pgettext_lazy("staff role", "Helper"),
    permissions=(
        "camp.view_camp",
        "camp.view_team",
        "camp.view_round",
        "camp.change_round",  # the placements page (and a round's date)
        "camp.view_minigame",
        "camp.add_minigame",
        "camp.change_minigame",
        "camp.view_placement",
        "camp.add_placement",
        "camp.change_placement",
    ),
)
ROLES = (HEAD, LEADER, HELPER)
