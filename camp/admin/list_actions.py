"""The admin's list actions (``delete_selected``…), refused with the admin's own message when a ticked
row is not a row id: Django filters by it as given, and a word (or, on SQLite, a number past 64 bits)
in ``_selected_action`` raised a 500 instead."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.core.exceptions import ValidationError
from django.db.models import Model
from django.http import HttpRequest
from django.utils.translation import gettext as _


def is_row_id(model: type[Model], value: str) -> bool:
    """Whether ``value`` is a primary key ``model``'s table can hold (type and the database's range)."""
    field = model._meta.pk
    assert field is not None
    try:
        field.run_validators(field.to_python(value))
    except (ValidationError, ValueError, TypeError, OverflowError):
        return False
    return True


class SelectedRowsMixin:
    """For every ModelAdmin: a list action whose ticked rows are not all row ids changes nothing."""

    model: type[Model]

    def response_action(self, request: HttpRequest, queryset: Any) -> Any:
        selected = request.POST.getlist(ACTION_CHECKBOX_NAME)
        if not all(is_row_id(self.model, value) for value in selected):
            # Django's own words for "nothing ticked": the same outcome, nothing was changed.
            message = _(
                "Items must be selected in order to perform actions on them. No items have been changed."
            )
            self.message_user(request, message, messages.WARNING)  # type: ignore[attr-defined]
            return None
        return super().response_action(request, queryset)  # type: ignore[misc]
