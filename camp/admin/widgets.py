"""Django admin's own markup where axe or vnu refuse it, fixed where the project uses it (the staff
logins' user and group pages): each widget is Django's with one change, said in its docstring.

Apart from ``camp.forms``, which every process loads at start-up: the admin loads this with its
URLs (see ``camp.apps.LazyAdminConfig``)."""

from __future__ import annotations

from typing import Any

from django.contrib.admin.widgets import AdminSplitDateTime, FilteredSelectMultiple
from django.contrib.auth import forms as auth_forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy


class LabelledSplitDateTime(AdminSplitDateTime):
    """Django's split date and time inputs, each named by the word shown before it ("Date:",
    "Time:"): the field's own label names neither input (axe: label)."""

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        labels = (context["date_label"], context["time_label"])
        for subwidget, label in zip(context["widget"]["subwidgets"], labels, strict=True):
            subwidget["attrs"]["aria-label"] = str(label).rstrip(": ")
        return context


class PasswordSummaryWidget(auth_forms.ReadOnlyPasswordHashWidget):
    """Django's password summary on the user page without ``disabled``: the field is disabled, but
    the widget is a ``<div>``, where HTML allows no such attribute (vnu)."""

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        context["widget"]["attrs"].pop("disabled", None)
        return context


class UserChangeForm(auth_forms.UserChangeForm):
    """Django's user change form, its password summary shown by :class:`PasswordSummaryWidget`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if "password" in self.fields:
            self.fields["password"].widget = PasswordSummaryWidget()


class AdminPasswordChangeForm(auth_forms.AdminPasswordChangeForm):
    """Django's password change form, its warning translated: Django appends it to the help text as
    plain English ("If disabled, the current password for this user will be lost.")."""

    usable_password_help_text = format_lazy(
        '{}<ul id="id_unusable_warning" class="messagelist"><li class="warning">{}</li></ul>',
        auth_forms.SetUnusablePasswordMixin.usable_password_help_text,
        gettext_lazy("If disabled, the current password for this user will be lost."),
    )


class LabelledFilteredSelectMultiple(FilteredSelectMultiple):
    """Django's two-box chooser plus ``camp/select_filter.js``, which gives its search icons a role:
    SelectFilter2.js puts an ``aria-label`` on a bare ``<span>``, which ARIA forbids (axe:
    aria-prohibited-attr)."""

    class Media:
        # Listed after SelectFilter2.js: Django's merge of the page's media keeps that order.
        js = ["admin/js/SelectFilter2.js", "camp/select_filter.js"]
