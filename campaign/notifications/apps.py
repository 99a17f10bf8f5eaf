from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    # Part of the campaign package (the project's top level is fixed); its label, tables and
    # migrations are "notifications" all the same.
    name = "campaign.notifications"
    label = "notifications"
    verbose_name = "Notifications"
