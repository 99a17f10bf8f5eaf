from django.apps import AppConfig


class ChronicleConfig(AppConfig):
    # Part of the arena package, like the campaign's press; its label, tables and migrations
    # are "chronicle".
    name = "arena.chronicle"
    label = "chronicle"
    verbose_name = "Chronicle"
