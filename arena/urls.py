"""The arena's addresses: each capability package's pages and API, which campaign/urls.py
includes at the top level and under /api/ (every name and path is the package's own)."""

from __future__ import annotations

from django.urls import include, path

from arena.bouts import urls as bouts
from arena.calendar import urls as calendar
from arena.careers import urls as careers
from arena.chronicle import urls as chronicle
from arena.content import urls as content
from arena.lab import urls as lab
from arena.mercy import urls as mercy
from arena.odds import urls as odds
from arena.play import urls as play
from arena.search import urls as search
from arena.seasons import urls as seasons
from arena.tournaments import urls as tournaments
from arena.whatif import urls as whatif

page_patterns = [
    path("", include(package.page_patterns))
    for package in (
        bouts,
        calendar,
        careers,
        chronicle,
        content,
        lab,
        mercy,
        odds,
        play,
        search,
        seasons,
        tournaments,
        whatif,
    )
]

api_patterns = [
    path("", include(package.api_patterns))
    for package in (
        bouts,
        careers,
        chronicle,
        mercy,
        odds,
        play,
        search,
        seasons,
        tournaments,
        whatif,
    )
]
