"""The web app manifest (`/manifest.webmanifest`), so that a phone can install Ludus on its
home screen. A view rather than a static file: the icons' addresses are the hashed names
collectstatic gives them, which a file in static/ could not know."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_safe

THEME = "#2b2118"  # the ink of the top bar (static/css/ludus.css), for the status bar
BACKGROUND = "#f7f3ea"  # the page background of static/css/ludus.css


@require_safe
def manifest(request: HttpRequest) -> JsonResponse:
    home = reverse("dashboard")
    icons = [
        {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png",
         "purpose": "any"},
        {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png",
         "purpose": "any"},
        {"src": static("icons/maskable-512.png"), "sizes": "512x512", "type": "image/png",
         "purpose": "maskable"},
        {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml",
         "purpose": "any"},
    ]  # fmt: skip
    response = JsonResponse(
        {
            "id": home,
            "name": "Ludus",
            "short_name": "Ludus",
            "description": "Gladiator arena campaigns: your stable, your bouts, your orders.",
            "start_url": home,
            "scope": "/",
            "display": "standalone",
            "theme_color": THEME,
            "background_color": BACKGROUND,
            "icons": icons,
        },
        content_type="application/manifest+json",
    )
    response["Cache-Control"] = "public, max-age=3600"
    return response
