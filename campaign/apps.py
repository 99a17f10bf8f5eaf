from django.apps import AppConfig


class CampaignConfig(AppConfig):
    name = "campaign"
    verbose_name = "Campaigns"

    def ready(self) -> None:
        from . import (
            checks,  # noqa: F401  (registers the system checks)
            time_zones,  # noqa: F401  (remembers the zone at sign-in)
        )
