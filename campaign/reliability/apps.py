from django.apps import AppConfig


class ReliabilityConfig(AppConfig):
    # Part of the campaign package like press; its label, tables and migrations are
    # "reliability".
    name = "campaign.reliability"
    label = "reliability"
    verbose_name = "Reliability"
