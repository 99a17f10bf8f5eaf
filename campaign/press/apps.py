from django.apps import AppConfig


class PressConfig(AppConfig):
    # Part of the campaign package like notifications; its label, tables and migrations are
    # "press".
    name = "campaign.press"
    label = "press"
    verbose_name = "Press"
