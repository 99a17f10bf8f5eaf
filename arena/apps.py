from django.apps import AppConfig


class ArenaConfig(AppConfig):
    name = "arena"
    verbose_name = "Arena"

    def ready(self) -> None:
        from arena.bouts.archive import bouts_call_off
        from campaign.signals import campaign_archiving

        campaign_archiving.connect(bouts_call_off, dispatch_uid="arena.bouts_call_off")
