"""The rules of both games as pages of the tool, from the project's own copies in ``docs/rules/``.

``<game>.cs.md`` is the camp's Czech rulebook (the source the game was built from); ``<game>.en.md``
the English specification of the rules as this project implements them (every point the source
left open settled, the decisions marked). A Czech page shows the Czech rules and links to the
English specification; an English page shows the specification. Markdown is rendered without raw
HTML (markdown-it's CommonMark with ``html`` off, tables on): nothing in a rules file can inject
markup into a staff page.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings
from django.utils.functional import Promise
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy
from markdown_it import MarkdownIt

StrOrPromise = str | Promise

RULES_DIR = Path(settings.BASE_DIR) / "docs" / "rules"


@dataclass(frozen=True)
class RulesGame:
    slug: str
    name: StrOrPromise  # translated when shown


#: The games with rules pages, in the order of the links in the admin header.
RULES_GAMES: tuple[RulesGame, ...] = (
    RulesGame("islands", gettext_lazy("Golden Islands")),
    RulesGame("batavia", gettext_lazy("Batavia")),
)


def rules_game(slug: str) -> RulesGame | None:
    return next((game for game in RULES_GAMES if game.slug == slug), None)


def rules_languages(slug: str) -> list[str]:
    """The languages the game's rules are kept in (``cs``, ``en``)."""
    return sorted(path.suffixes[0].lstrip(".") for path in RULES_DIR.glob(f"{slug}.*.md"))


@cache
def rules_html(slug: str, language: str) -> SafeString:
    """The game's rules in ``language`` as HTML (falls back to Czech, the camp's language)."""
    path = RULES_DIR / f"{slug}.{language}.md"
    if not path.exists():
        path = RULES_DIR / f"{slug}.cs.md"
    renderer = MarkdownIt("commonmark", {"html": False}).enable("table")
    html: str = renderer.render(path.read_text(encoding="utf-8"))
    return mark_safe(html)  # noqa: S308 (html off: escaped)
