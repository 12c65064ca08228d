"""The project-wide templates (the admin's frame and home) live in the top-level ``templates/``
(``TEMPLATES["DIRS"]``, searched before every app's ``templates/``): Django's admin picks ours,
whatever the order of ``INSTALLED_APPS``; each app's own pages stay in the app. No template and no
script file of ours holds what the Content-Security-Policy refuses (tests/inline_script.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.template.loader import get_template

from tests.inline_script import (
    eval_in_script_file,
    inline_scripts_in_template,
    project_scripts,
    project_templates,
)

PROJECT_WIDE = ["admin/base.html", "admin/base_site.html", "admin/index.html"]


@pytest.mark.parametrize("name", PROJECT_WIDE)
def test_the_admin_uses_the_project_templates(name: str) -> None:
    assert Path(get_template(name).origin.name) == Path(settings.BASE_DIR) / "templates" / name


@pytest.mark.parametrize(
    ("name", "app"),
    [
        ("admin/camp/camp/backups.html", "camp"),
        ("admin/camp/desk.html", "camp"),
        ("admin/batavia/master.html", "games/batavia"),
        ("batavia/base.html", "games/batavia"),
        ("islands/round.html", "games/islands"),
    ],
)
def test_app_pages_stay_in_their_app(name: str, app: str) -> None:
    assert Path(get_template(name).origin.name) == Path(settings.BASE_DIR) / app / "templates" / name


def test_no_app_overrides_a_project_template() -> None:
    """One home: an app's copy of the admin's frame would be silently shadowed by ours."""
    root = Path(settings.BASE_DIR)
    copies = [
        str(path.relative_to(root))
        for name in PROJECT_WIDE
        for path in [*root.glob(f"camp/templates/{name}"), *root.glob(f"games/*/templates/{name}")]
    ]
    assert copies == []


# ------------------------------------------------------------------ no inline script (the CSP)


def test_no_template_holds_inline_script() -> None:
    """The Content-Security-Policy runs scripts from static files only: an ``onclick=``, a
    ``<script>`` without ``src`` or an ``hx-on`` in a template would silently do nothing."""
    root = Path(settings.BASE_DIR)
    templates = project_templates(root)
    assert root / "templates" / "admin" / "base_site.html" in templates
    assert root / "games" / "islands" / "templates" / "islands" / "round_orders.html" in templates
    found = [
        f"{path.relative_to(root)} {what}"
        for path in templates
        for what in inline_scripts_in_template(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "inline script (move it into a static .js file):\n" + "\n".join(found)


def test_no_script_file_runs_a_string_as_code() -> None:
    root = Path(settings.BASE_DIR)
    scripts = project_scripts(root)
    assert root / "static" / "js" / "zo-replay.js" in scripts
    assert root / "camp" / "static" / "camp" / "print.js" in scripts
    found = [
        f"{path.relative_to(root)} {what}"
        for path in scripts
        for what in eval_in_script_file(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "\n".join(found)


def test_djangos_admin_holds_no_inline_script() -> None:
    """Django's admin, auth and form widget templates and the admin's scripts, as our pages use them
    (many of them the crawl of tests/test_page_checks.py never reaches): true of Django 5.2, and a
    Django update that adds inline script fails here, not in a staff browser at camp."""
    import django

    root = Path(django.__file__).parent
    folders = ["contrib/admin/templates", "contrib/auth/templates", "forms/templates"]
    templates = sorted(p for folder in folders for p in (root / folder).rglob("*.html"))
    scripts = sorted(
        p for p in (root / "contrib/admin/static").rglob("*.js") if not p.name.endswith(".min.js")
    )
    assert root / "contrib/admin/templates/admin/change_form.html" in templates
    assert root / "contrib/admin/static/admin/js/inlines.js" in scripts
    found = [
        f"{path.relative_to(root)} {what}"
        for path in templates
        for what in inline_scripts_in_template(path.read_text(encoding="utf-8"))
    ] + [
        f"{path.relative_to(root)} {what}"
        for path in scripts
        for what in eval_in_script_file(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "\n".join(found)


def test_the_template_scan_finds_every_kind_of_inline_script() -> None:
    template = """{% load static %}{% comment %}<script>ignored()</script>{% endcomment %}
<script src="{% static 'js/zo-board.js' %}" defer></script>
<script>alert(1)</script>
<script type="application/json" id="data">{"a": 1}</script>
<button type="button" {% if x %}onclick="window.print()"{% endif %} title="{% translate "Print" %}">
<a href="javascript:void(0)">{{ name }}</a>
<form hx-post="." hx-on::after-request="this.reset()" hx-trigger="keyup[key=='Enter']"></form>
<div data-hx-vals='js:{a: 1}' hx-vars="a:1" hx-vals='{"a": 1}' hx-trigger="input delay:300ms"></div>
<svg><a href="?hex=A1" data-hx-get="?hex=A1"><circle r="1" onmouseover="x()"/></a></svg>
"""
    assert inline_scripts_in_template(template) == [
        "line 3: <script> without src (inline script)",
        "line 5: <button onclick=…> (inline event handler)",
        'line 6: <a href="javascript:void(0)"> (javascript: URL)',
        "line 7: <form hx-on::after-request=…> (htmx runs it with eval)",
        "line 7: <form hx-trigger=\"keyup[key=='Enter']\"> (htmx evaluates trigger filters)",
        'line 8: <div data-hx-vals="js:{a: 1}"> (htmx evaluates js: values)',
        "line 8: <div hx-vars=…> (htmx evaluates hx-vars)",
        "line 9: <circle onmouseover=…> (inline event handler)",
    ]


def test_the_script_file_scan_finds_strings_run_as_code() -> None:
    script = """document.addEventListener("click", function () {});
eval(text);
var f = new Function("a", "return a");
setTimeout("step()", 10);
button.setAttribute("onclick", "go()");
holder.innerHTML = '<a href="javascript:go()">x</a>';
link.onclick = "go()";
// eval(text) in a comment is no code
"""
    assert [line.split(":")[0] for line in eval_in_script_file(script)] == [
        f"line {n}" for n in (2, 3, 4, 5, 6, 7)
    ]


#: An element's opening tag that htmx polls ("every …").
POLLING_TAG = re.compile(r"<[a-z][^<>]*\bdata-hx-trigger=\"every [^\"]*\"[^<>]*>", re.IGNORECASE)


def polls_that_run_hidden(template: str) -> list[str]:
    """The polling tags of ``template`` that would poll in a hidden tab or wait a whole interval
    when the tab is shown again: not marked ``data-zo-poll`` or without the ``zo-shown`` trigger
    (static/js/zo-poll.js)."""
    return [
        tag
        for tag in POLLING_TAG.findall(template)
        if "data-zo-poll" not in tag or "zo-shown" not in _trigger(tag)
    ]


def _trigger(tag: str) -> str:
    return tag.split('data-hx-trigger="', 1)[1].split('"', 1)[0]


def test_every_poll_rests_in_a_hidden_tab() -> None:
    templates = project_templates(Path(settings.BASE_DIR))
    found = {path: polls_that_run_hidden(path.read_text(encoding="utf-8")) for path in templates}
    polling = [path for path in templates if POLLING_TAG.search(path.read_text(encoding="utf-8"))]
    assert len(polling) >= 7  # the notice board, the team page, Batavia's three, progress boxes
    assert {path: tags for path, tags in found.items() if tags} == {}
    htmx = Path(settings.BASE_DIR) / "templates" / "zo_htmx.html"
    assert "js/zo-poll.js" in htmx.read_text(encoding="utf-8")


def test_the_poll_scan_finds_a_poll_that_runs_hidden() -> None:
    good = '<div data-hx-get="?v=1" data-hx-trigger="every 10000ms, zo-shown" data-zo-poll>'
    unmarked = '<div data-hx-get="?v=1" data-hx-trigger="every 10000ms, zo-shown">'
    no_trigger = '<main data-zo-poll data-hx-trigger="every 3s" id="x">'
    assert polls_that_run_hidden(good + '<input data-hx-trigger="change">') == []
    assert polls_that_run_hidden(unmarked + no_trigger) == [unmarked, no_trigger]
