from django.apps import AppConfig


class CharactersConfig(AppConfig):
    name = "characters"
    verbose_name = "Gladiators"

    def ready(self) -> None:
        from campaign.signals import member_removing
        from characters.stables import stable_pass

        member_removing.connect(stable_pass, dispatch_uid="characters.stable_pass")
