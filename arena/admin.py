from django.contrib import admin

from arena.bouts.selectors import UNDECIDED
from arena.models import Bout, BoutEntrant


class EntrantInline(admin.TabularInline):
    model = BoutEntrant
    extra = 0
    raw_id_fields = ["gladiator"]


@admin.register(Bout)
class BoutAdmin(admin.ModelAdmin):
    list_display = ["__str__", "campaign", "ruleset", "status", "scheduled_at", "winner"]
    list_filter = ["status", "ruleset"]
    inlines = [EntrantInline]

    # The engine is deterministic: a bout's seed (also inside its engine input) would let the
    # GM fight it in advance. The admin shows neither until the bout is decided, and then
    # only to read: a changed seed would no longer replay to the stored log. The committed terms
    # hold the seed and the nonce that keeps it from being found from the public commitment.
    # A running play-by-web bout's stored state holds its dice (the generator's state), which
    # would tell the next rolls just as the seed would.
    SECRET_UNTIL_FOUGHT = ("seed", "engine_input", "terms", "state")
    # What was published is never edited by hand (docs/verification.md).
    PUBLISHED = ("commitment", "input_digest", "log_digest")

    def get_exclude(self, request, obj=None):
        if obj is None or obj.status in UNDECIDED:
            return self.SECRET_UNTIL_FOUGHT
        return ()

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and obj.status not in UNDECIDED:
            return (*self.SECRET_UNTIL_FOUGHT, *self.PUBLISHED)
        return self.PUBLISHED

    def has_add_permission(self, request) -> bool:
        return False  # bouts are scheduled by bout_schedule (row locks, audit), not typed in
