"""Top-level URLs: the staff admin (with the games' custom admin views) and the public pages."""

from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from camp.pages import start as views

admin.autodiscover()  # here, not at start-up (camp.apps.LazyAdminConfig): the staff pages are heavy
urlpatterns = [
    # Outside i18n_patterns (one URL for every language); see the view for how ``next`` is translated.
    path("i18n/setlang/", views.set_language, name="set_language"),
]
urlpatterns += i18n_patterns(
    # Ahead of the admin's own URLs, staff only (admin_view: login, CSRF, no cache).
    path("admin/phone-address/", admin.site.admin_view(views.phone_address), name="phone_address"),
    path("admin/", admin.site.urls),
    path("batavia/", include("games.batavia.urls")),
    path("", include("games.islands.urls_public")),
    path("", include("camp.urls")),
    prefix_default_language=False,
)
