from django import forms
from django.contrib import admin

from arena.gateway import EngineInputError, ruleset

from .forms import AdminLoginForm
from .models import AuditEntry, Campaign, CampaignContent, Membership

# The admin's sign-in says when the lockout refused it, like the sign-in page.
admin.site.login_form = AdminLoginForm


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


class CampaignContentForm(forms.ModelForm):
    """An item of GM content edited by hand, checked by the campaign's rule set as an upload
    is (campaign/content.py)."""

    class Meta:
        model = CampaignContent
        fields = ["campaign", "kind", "key", "data"]

    def clean(self):
        data = super().clean()
        campaign, kind, item = data.get("campaign"), data.get("kind"), data.get("data")
        if campaign is None or not kind:
            return data
        try:
            rules = ruleset(campaign.ruleset).campaign
        except EngineInputError as error:
            raise forms.ValidationError(str(error)) from None
        if rules is None or not rules.content_kinds:
            raise forms.ValidationError(f"The rule set {campaign.ruleset} takes no GM content.")
        problems = rules.content_problems(kind, item, kind)
        if isinstance(item, dict) and item.get("key") != data.get("key"):
            problems.append('key: the same as the data\'s "key"')
        if problems:
            raise forms.ValidationError(problems)
        return data


@admin.register(CampaignContent)
class CampaignContentAdmin(admin.ModelAdmin):
    form = CampaignContentForm
    list_display = ["campaign", "kind", "key", "added_by", "added_at"]
    list_filter = ["kind"]
    search_fields = ["key", "campaign__name"]

    def get_readonly_fields(self, request, obj=None):
        # Added content never changes: a bout scheduled with it is fought with what it was.
        return ["campaign", "kind", "key", "data"] if obj is not None else []

    def save_model(self, request, obj, form, change):
        if obj.added_by_id is None:
            obj.added_by = request.user
        super().save_model(request, obj, form, change)
