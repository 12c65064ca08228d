"""Finding the script that the Content-Security-Policy (camp/web/security_headers.py) refuses to run: a
``<script>`` without ``src``, an ``on…=`` handler, a ``javascript:`` URL, and the htmx features that
need ``eval`` (``hx-on``, ``hx-vars``, ``js:`` values, trigger filters ``[…]``); in an HTML page, a
template (its ``{% … %}`` and ``{{ … }}`` blanked first) or one of the project's JavaScript files.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

#: ``<script type=…>`` that holds data, never run (Django's ``json_script``, the admin's constants).
DATA_SCRIPT_TYPES = frozenset({"application/json", "application/ld+json"})
_HTMX_EVAL_VALUES = frozenset({"hx-vals", "hx-headers", "hx-request"})
_JS_VALUE = re.compile(r"\s*(js|javascript)\s*:", re.IGNORECASE)


class _InlineScripts(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def _found(self, what: str) -> None:
        self.found.append(f"line {self.getpos()[0]}: {what}")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        if tag == "script" and not given.get("src"):
            kind = (given.get("type") or "").strip().lower()
            if kind not in DATA_SCRIPT_TYPES:
                self._found("<script> without src (inline script)")
        for name, value in attrs:
            htmx = name.removeprefix("data-")
            value = value or ""
            if name.startswith("on"):
                self._found(f"<{tag} {name}=…> (inline event handler)")
            elif htmx.startswith("hx-on"):
                self._found(f"<{tag} {name}=…> (htmx runs it with eval)")
            elif htmx == "hx-vars":
                self._found(f"<{tag} {name}=…> (htmx evaluates hx-vars)")
            elif htmx in _HTMX_EVAL_VALUES and _JS_VALUE.match(value):
                self._found(f'<{tag} {name}="{value[:40]}"> (htmx evaluates js: values)')
            elif htmx == "hx-trigger" and "[" in value:
                self._found(f'<{tag} {name}="{value[:40]}"> (htmx evaluates trigger filters)')
            elif re.match(r"\s*javascript\s*:", value, re.IGNORECASE):
                self._found(f'<{tag} {name}="{value[:40]}"> (javascript: URL)')

    handle_startendtag = handle_starttag


def inline_scripts_in_html(html: str) -> list[str]:
    """Each piece of inline script in ``html``, as ``line N: what``."""
    parser = _InlineScripts()
    parser.feed(html)
    parser.close()
    return parser.found


def _blank(match: re.Match[str], keep: str) -> str:
    return keep + "\n" * match.group(0).count("\n")  # the lines stay where they were


def inline_scripts_in_template(text: str) -> list[str]:
    """Each piece of inline script in a Django template's markup: comments dropped, a variable read as
    a word, a tag as a space (so ``{% if x %} onclick="…"{% endif %}`` is still found)."""
    text = re.sub(r"{%\s*comment\b.*?{%\s*endcomment\s*%}", lambda m: _blank(m, ""), text, flags=re.DOTALL)
    text = re.sub(r"{#.*?#}", lambda m: _blank(m, ""), text, flags=re.DOTALL)
    text = re.sub(r"{{.*?}}", lambda m: _blank(m, "X"), text, flags=re.DOTALL)
    text = re.sub(r"{%.*?%}", lambda m: _blank(m, " "), text, flags=re.DOTALL)
    return inline_scripts_in_html(text)


#: What a script file must not do: run a string as code, or write a handler or URL that is code.
_SCRIPT_FILE_EVAL = re.compile(
    r"\beval\s*\(|\bnew\s+Function\s*\(|\bset(Timeout|Interval)\s*\(\s*[\"'`]|javascript\s*:"
    r"|setAttribute\(\s*[\"']on|\.on[a-z]+\s*=\s*[\"'`]|\bon[a-z]+\s*=\s*\\?[\"']",
    re.IGNORECASE,
)


def eval_in_script_file(text: str) -> list[str]:
    """Each line of a JavaScript file that runs a string as code (``eval``, ``new Function``, a
    string timer) or writes inline script into the page (an ``on…`` handler, a ``javascript:`` URL)."""
    return [
        f"line {number}: {line.strip()[:80]}"
        for number, line in enumerate(text.splitlines(), start=1)
        if _SCRIPT_FILE_EVAL.search(line) and not line.lstrip().startswith("//")
    ]


def project_templates(root: Path) -> list[Path]:
    """Every template of the project: the top-level ``templates/`` and each app's."""
    return sorted(
        path
        for folder in [root / "templates", root / "camp" / "templates", *root.glob("games/*/templates")]
        for path in folder.rglob("*.html")
    )


def project_scripts(root: Path) -> list[Path]:
    """The project's own JavaScript files (htmx is vendored, minified: not ours to read)."""
    folders = [root / "static", root / "camp" / "static", *root.glob("games/*/static")]
    return sorted(p for folder in folders for p in folder.rglob("*.js") if not p.name.endswith(".min.js"))
