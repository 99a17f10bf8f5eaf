from django.apps import AppConfig


class LoreConfig(AppConfig):
    # Part of the campaign package like press; its label, tables and migrations are "lore".
    name = "campaign.lore"
    label = "lore"
    verbose_name = "Lore"

    def ready(self) -> None:
        from . import receivers  # noqa: F401  (connects the reveal triggers)
