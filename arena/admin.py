from django.contrib import admin

from .models import Bout, BoutEntrant


class EntrantInline(admin.TabularInline):
    model = BoutEntrant
    extra = 0
    raw_id_fields = ["gladiator"]


@admin.register(Bout)
class BoutAdmin(admin.ModelAdmin):
    list_display = ["__str__", "campaign", "ruleset", "status", "scheduled_at", "winner"]
    list_filter = ["status", "ruleset"]
    inlines = [EntrantInline]
