from django.contrib import admin

from .models import AuditEntry, Campaign, Membership


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ["name", "ruleset", "visibility", "created_by", "created_at"]
    list_filter = ["ruleset", "visibility"]
    search_fields = ["name", "slug"]
    inlines = [MembershipInline]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["created_at", "campaign", "actor", "action"]
    list_filter = ["action"]
    readonly_fields = ["campaign", "actor", "action", "detail", "created_at"]

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # the audit trail is append-only
