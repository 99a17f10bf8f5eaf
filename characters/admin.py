from django.contrib import admin

from .models import Gladiator


@admin.register(Gladiator)
class GladiatorAdmin(admin.ModelAdmin):
    list_display = ["name", "campaign", "owner", "kind", "status"]
    list_filter = ["status", "campaign"]
    search_fields = ["name"]
