"""Django settings for Ludus. Every setting that varies by deployment comes from the environment;
docs/configuration.md lists them. `make run` / `make test` set DATABASE_URL and CELERY_BROKER_URL
to the embedded servers (campaign/devstack.py) when they are not set already."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from kombu import Exchange, Queue

from campaign.log_format import formatter

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_bool("DJANGO_DEBUG", False)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG and not env_bool("LUDUS_DEV", False):
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off.")
    SECRET_KEY = "ludus-development-only-secret-key-never-use-in-production"

ALLOWED_HOSTS = [
    h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1").split(",") if h
]
CSRF_TRUSTED_ORIGINS = [
    o for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "django_htmx",
    "django_filters",
    "django_celery_beat",
    "axes",
    "campaign",
    "characters",
    "arena",
    "campaign.notifications",
    "campaign.press",
    "campaign.lore",
    "campaign.reliability",
    "arena.chronicle",
]

MIDDLEWARE = [
    # First: every line logged while answering carries the request id (it reads no body).
    "campaign.logs.RequestIdMiddleware",
    "campaign.body_limit.BodyLimitMiddleware",  # before anything reads the body
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "campaign.time_zones.TimeZoneMiddleware",  # after auth: the viewer's zone
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "campaign.middleware.InputGuardMiddleware",
    "campaign.archive_guard.ArchivedGuardMiddleware",
    "campaign.middleware.DomainErrorMiddleware",
    "campaign.db_outage.DatabaseOutageMiddleware",
    # Last, so that it sees the answer of every sign-in path (campaign/sign_in.py).
    "axes.middleware.AxesMiddleware",
]

# Every sign-in (page, token, admin) goes through authenticate(): axes refuses a locked-out
# name first, then the model backend checks the password with the name normalised.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "campaign.sign_in.NormalisedNameBackend",
]

ROOT_URLCONF = "campaign.urls"
WSGI_APPLICATION = "campaign.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "campaign.notifications.context.inbox",
            ],
            "builtins": ["django_htmx.templatetags.django_htmx", "campaign.templatetags.times"],
        },
    },
]

# No inline scripts or styles: everything is served from static/, scripts carry the nonce.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}

DATABASE_URL = os.environ.get("DATABASE_URL", "")
if not DATABASE_URL:
    raise ImproperlyConfigured(
        "DATABASE_URL is not set. Use `make run` or `make test` (they start an embedded "
        "PostgreSQL), or `python -m campaign.devstack exec -- <command>`, or point "
        "DATABASE_URL at a PostgreSQL server."
    )
# Persistent connections: a new PostgreSQL backend per request costs the server more CPU than
# an order does (bench/load_bench.py). One per gunicorn thread and Celery process.
DATABASES = {
    "default": dj_database_url.parse(
        DATABASE_URL,
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "dashboard"
LOGOUT_REDIRECT_URL = "dashboard"

LANGUAGE_CODE = "en-us"
TIME_ZONE = os.environ.get("LUDUS_TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
# Behind a proxy that terminates TLS and sets X-Forwarded-Proto (docs/deployment.md).
BEHIND_TLS_PROXY = env_bool("DJANGO_BEHIND_TLS_PROXY", False)
if BEHIND_TLS_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# A request the proxy sent over plain HTTP is redirected to HTTPS; /healthz is not, since a
# supervisor asks gunicorn for it directly (docs/deployment.md, "Health").
SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", BEHIND_TLS_PROXY)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "0"))
# The subdomains of the host Ludus is served on, not of its parent domain.
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", True)
# Preloading is for a registrable domain as a whole (hstspreload.org), which a Ludus host
# (ludus.example.org) seldom is: the operator's call, not a default
# (docs/decisions/0043-self-hosting.md).
SILENCED_SYSTEM_CHECKS = ["security.W021"]

# Limits on what one request may carry (docs/security.md). Nothing Ludus takes comes near:
# its longest text is 2,000 characters.
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 200
# The whole body of a route that takes a file (campaign/body_limit.py): the GM content's
# 256 K characters of UTF-8 and the form around them.
LUDUS_UPLOAD_MAX_BYTES = int(os.environ.get("LUDUS_UPLOAD_MAX_BYTES", str(1024 * 1024 + 64 * 1024)))

# Throttles, the sign-in lockout and DRF's counters live in this cache; several web processes
# must share it, so production points it at Redis (docs/configuration.md).
CACHE_URL = os.environ.get("LUDUS_CACHE_URL", "")
if CACHE_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": "ludus",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# How many proxies in front of Ludus append to X-Forwarded-For: the client's address is the one
# they saw (docs/deployment.md). 0: REMOTE_ADDR is the client.
LUDUS_PROXY_COUNT = int(os.environ.get("LUDUS_PROXY_COUNT", "0"))
# Sign-in lockout (django-axes, docs/security.md): ten failures for one user name from one
# address, each within 15 minutes of the one before, lock that pair for 15 minutes from the
# last; a success clears the count. A person mistyping a password never gets there. The
# attempts are rows (the admin shows them, and staff lift a lock by deleting its row).
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# Tries while locked are refused without counting: the lock ends when it said it would.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_USERNAME_CALLABLE = "campaign.sign_in.lockout_name"
AXES_CLIENT_IP_CALLABLE = "campaign.sign_in.client_ip"
AXES_LOCKOUT_CALLABLE = "campaign.sign_in.lockout_response"
# Ludus kept no record of successful sign-ins before axes and keeps none now.
AXES_DISABLE_ACCESS_LOG = True
AXES_VERBOSE = False
# What one user may create (docs/security.md).
LUDUS_LIMITS = {
    "campaigns_per_day": 10,
    "campaigns_in_total": 50,
    "gladiators_per_day": 50,  # in one campaign
    "gladiators_active": 200,  # in one campaign, alive and not retired
    # New odds questions a minute (the schedule form asks on every change; arena/odds/services.py).
    "odds_previews_per_minute": 10,
    # One person's what-ifs waiting for the worker at once (arena/whatif/services.py); each new
    # one counts against the odds previews a minute too.
    "what_ifs_queued": 3,
    # Press posts by one user, in all campaigns (campaign/press/services.py).
    "press_posts_per_minute": 10,
    "press_posts_per_day": 200,
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": [
        "rest_framework.permissions.IsAuthenticatedOrReadOnly",
        "campaign.archive_guard.NotArchived",
    ],
    # JSON only, bounded in size and depth; forms and multipart are for the HTML pages.
    "DEFAULT_PARSER_CLASSES": ["campaign.shared.api_parsers.BoundedJSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "campaign.shared.api_inputs.Pagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "campaign.api_errors.exception_handler",
    "NUM_PROXIES": LUDUS_PROXY_COUNT or None,
    "DEFAULT_THROTTLE_RATES": {
        # Per client address: a token is asked for once per device, not ten times a minute.
        "auth": os.environ.get("LUDUS_THROTTLE_AUTH", "10/min"),
        # Per user: guessing invite codes.
        "join": os.environ.get("LUDUS_THROTTLE_JOIN", "30/hour"),
        # Per client address: accounts made (the sign-up page counts only those it creates).
        "signup": os.environ.get("LUDUS_THROTTLE_SIGNUP", "5/hour"),
        # Per user: bout verifications queued for the worker.
        "verify": os.environ.get("LUDUS_THROTTLE_VERIFY", "30/hour"),
        # Per user: confirmation links mailed to a new address (the account page).
        "email_confirm": os.environ.get("LUDUS_THROTTLE_EMAIL_CONFIRM", "5/hour"),
        # Per client address: password reset e-mails asked for, known addresses or not.
        "password_reset": os.environ.get("LUDUS_THROTTLE_PASSWORD_RESET", "5/hour"),
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Ludus API",
    "DESCRIPTION": "Campaigns, gladiators and bouts of a Ludus gladiator campaign.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # The default hook (enum names) and the error answers of every operation.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "campaign.api_schema.document_errors",
    ],
    "ENUM_NAME_OVERRIDES": {
        "BoutStatusEnum": "arena.models.Bout.Status",
        "GladiatorStatusEnum": "characters.models.Gladiator.Status",
        "PackEventKindEnum": "characters.models.PackEvent.Kind",
        "PackEventStatusEnum": "characters.models.PackEvent.Status",
        "SeasonStatusEnum": "arena.seasons.models.Season.Status",
        "TournamentSeedingEnum": "arena.models.Tournament.Seeding",
        "SeasonSeedingEnum": "arena.seasons.models.Season.Seeding",
        "OddsStatusEnum": "arena.models.BoutOdds.Status",
        "WhatIfKindEnum": "arena.models.BoutWhatIf.Kind",
        "WhatIfStatusEnum": "arena.models.BoutWhatIf.Status",
    },
}

CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
if not CELERY_BROKER_URL:
    raise ImproperlyConfigured(
        "CELERY_BROKER_URL is not set. Use `make run` / `make test` (embedded Redis) "
        "or point it at a Redis server, e.g. redis://127.0.0.1:6379/0."
    )
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
# A worker that dies mid-task leaves the message unacknowledged, so another worker redelivers it.
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}
CELERY_TIMEZONE = TIME_ZONE
# Work is separated by urgency (docs/deployment.md): a worker consuming `fights` is never
# taken by a simulation, however many are queued. Every task is routed by name here
# (tests/campaign/test_task_routes.py checks that none is left out); a task missing from the
# list would land on `messages`, which every deployment consumes.
FIGHTS, MESSAGES, SIMULATIONS = "fights", "messages", "simulations"
# Declared up front, so that a purge (`celery purge`, app.control.purge) empties all three;
# each with its own exchange and key, so that a message lands in its own queue only.
CELERY_TASK_QUEUES = [Queue(q, Exchange(q), routing_key=q) for q in (FIGHTS, MESSAGES, SIMULATIONS)]
CELERY_TASK_DEFAULT_QUEUE = MESSAGES
CELERY_TASK_ROUTES = {
    # fights: what a player waits for now, and the sweepers that keep it moving
    "arena.tasks.bout_resolve_task": {"queue": FIGHTS},
    "arena.tasks.bout_turn_resolve_task": {"queue": FIGHTS},
    "arena.tasks.mercy_vote_close_task": {"queue": FIGHTS},
    "arena.tasks.tournament_schedule_task": {"queue": FIGHTS},
    "arena.tasks.season_round_task": {"queue": FIGHTS},
    "arena.tasks.bouts_sweep_due_task": {"queue": FIGHTS},
    "arena.tasks.lab_runs_sweep_task": {"queue": FIGHTS},
    "characters.tasks.pack_deadlines_sweep_task": {"queue": FIGHTS},
    # messages: e-mail, webhooks and the inbox fan-out (mostly waiting on the network)
    "notifications.tasks.event_fan_out_task": {"queue": MESSAGES},
    "notifications.tasks.delivery_send_task": {"queue": MESSAGES},
    "campaign.notifications.tasks.deliveries_sweep_task": {"queue": MESSAGES},
    "campaign.notifications.tasks.digests_make_task": {"queue": MESSAGES},
    "arena.tasks.orders_reminders_sweep_task": {"queue": MESSAGES},
    "arena.tasks.chronicles_draft_due_task": {"queue": MESSAGES},
    # the daily backup: pg_dump waits on the database and the disk
    "campaign.tasks.backup_task": {"queue": MESSAGES},
    # simulations: many bouts fought for a figure nobody is blocked on (seconds to minutes)
    "arena.tasks.bout_odds_task": {"queue": SIMULATIONS},
    "arena.tasks.lab_chunk_task": {"queue": SIMULATIONS},
    "arena.tasks.bout_verify_task": {"queue": SIMULATIONS},
    "arena.tasks.bout_what_if_task": {"queue": SIMULATIONS},
}
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_BEAT_SCHEDULE = {
    # Catches any due bout whose message was lost (broker restart, enqueue after a crash).
    "sweep-due-bouts": {
        "task": "arena.tasks.bouts_sweep_due_task",
        "schedule": float(os.environ.get("LUDUS_SWEEP_SECONDS", "15")),
    },
    # Sends again the chunks of a lab run that stopped moving (a worker killed, a message lost).
    "sweep-lab-runs": {
        "task": "arena.tasks.lab_runs_sweep_task",
        "schedule": 60.0,
    },
    # Moves drafts on whose pick is past its time, with the rule set's auto-pick.
    "sweep-pack-deadlines": {
        "task": "characters.tasks.pack_deadlines_sweep_task",
        "schedule": 60.0,
    },
    # Catches notifications whose send message was lost.
    "sweep-deliveries": {
        "task": "campaign.notifications.tasks.deliveries_sweep_task",
        "schedule": 60.0,
    },
    # Reminds players whose orders are missing when less than 20% of the turn is left.
    "sweep-orders-reminders": {
        "task": "arena.tasks.orders_reminders_sweep_task",
        "schedule": 60.0,
    },
    # The daily digests of the day before (made once; the hourly run retries a failed send).
    "make-digests": {
        "task": "campaign.notifications.tasks.digests_make_task",
        "schedule": 3600.0,
    },
    # Chronicles drafted on each GM's schedule (arena/chronicle; a missed hour is caught up).
    "draft-chronicles": {
        "task": "arena.tasks.chronicles_draft_due_task",
        "schedule": crontab(minute=5),
    },
    # A compressed dump of the database every day (docs/deployment.md, "Backups").
    "backup-daily": {
        "task": "campaign.tasks.backup_task",
        "schedule": crontab(minute=30, hour=int(os.environ.get("LUDUS_BACKUP_HOUR", "3"))),
    },
}
# Backups (campaign/backup.py): where the dumps go, how many are kept, and the directory of
# the pg_dump and pg_restore to use (unset: the newest suitable of PATH's and pgserver's).
LUDUS_BACKUP_DIR = os.environ.get("LUDUS_BACKUP_DIR", str(BASE_DIR / "backups"))
LUDUS_BACKUP_KEEP = int(os.environ.get("LUDUS_BACKUP_KEEP", "14"))
LUDUS_PG_BIN = os.environ.get("LUDUS_PG_BIN", "")

# E-mail (docs/configuration.md): SMTP from the environment in production; the development
# stack (LUDUS_DEV, `make run`) writes each message to a file under .devdata/mail/ instead.
# Every message goes through campaign.mail's backend, which makes its headers safe (names and
# subjects come from players), then through the transport LUDUS_EMAIL_BACKEND names.
EMAIL_BACKEND = "campaign.mail.HeaderSafeBackend"
LUDUS_EMAIL_TRANSPORT = os.environ.get(
    "LUDUS_EMAIL_BACKEND",
    "django.core.mail.backends.filebased.EmailBackend"
    if env_bool("LUDUS_DEV", False)
    else "django.core.mail.backends.smtp.EmailBackend",
)
EMAIL_FILE_PATH = os.environ.get("LUDUS_EMAIL_FILE_PATH", str(BASE_DIR / ".devdata" / "mail"))
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "20"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Ludus <ludus@localhost>")
# How long a link confirming an e-mail address works (campaign/accounts.py).
LUDUS_EMAIL_CONFIRM_DAYS = int(os.environ.get("LUDUS_EMAIL_CONFIRM_DAYS", "3"))
# Links in e-mails and webhook posts are absolute: the address players reach the site at.
LUDUS_SITE_URL = os.environ.get("LUDUS_SITE_URL", "http://127.0.0.1:8000").rstrip("/")
# Notifications going out (e-mail, webhooks): how many attempts in all, the first wait in whole
# seconds (Celery's retry_backoff, doubled each time), the total deadline of one webhook post
# (connecting, sending and the answer), and whether a webhook may point at a private or
# loopback address.
LUDUS_DELIVERY_ATTEMPTS = int(os.environ.get("LUDUS_DELIVERY_ATTEMPTS", "6"))
LUDUS_DELIVERY_BACKOFF_SECONDS = int(os.environ.get("LUDUS_DELIVERY_BACKOFF_SECONDS", "30"))
LUDUS_WEBHOOK_TIMEOUT_SECONDS = float(os.environ.get("LUDUS_WEBHOOK_TIMEOUT_SECONDS", "10"))
LUDUS_WEBHOOK_ALLOW_PRIVATE = env_bool("LUDUS_WEBHOOK_ALLOW_PRIVATE", False)

# Lost work (docs/deployment.md): a turn with every order in whose resolve has not happened
# this long after its last order is sent again by the sweeper; a lab run not heard from this
# long (a chunk reports every 100 bouts) has its missing chunks sent again once its queue is
# empty.
LUDUS_TURN_RESEND_SECONDS = float(os.environ.get("LUDUS_TURN_RESEND_SECONDS", "10"))
LUDUS_LAB_STALE_SECONDS = float(os.environ.get("LUDUS_LAB_STALE_SECONDS", "120"))

# Health (campaign/health.py, /healthz): a queue no worker has reported on (a heartbeat every
# 2 s) for this long, and a sweeper not run for this long, are failing.
LUDUS_HEALTH_WORKER_SECONDS = float(os.environ.get("LUDUS_HEALTH_WORKER_SECONDS", "30"))
LUDUS_HEALTH_SWEEP_SECONDS = float(
    os.environ.get(
        "LUDUS_HEALTH_SWEEP_SECONDS",
        str(max(60.0, 4 * CELERY_BEAT_SCHEDULE["sweep-due-bouts"]["schedule"])),
    )
)

# Logs (docs/configuration.md, "Logs and errors"): unset, the message alone as before; "text"
# or "json", structlog renders every line (Django's and Celery's too) with its time, level,
# logger and the request or task id (campaign/logs.py).
LOG_FORMAT = os.environ.get("LUDUS_LOG_FORMAT", "")
if LOG_FORMAT not in ("", "text", "json"):
    raise ImproperlyConfigured(f"LUDUS_LOG_FORMAT is {LOG_FORMAT!r}: say text or json.")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {name: formatter(name) for name in ("text", "json")},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            **({"formatter": LOG_FORMAT} if LOG_FORMAT else {}),
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LUDUS_LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"}},
}
# A worker keeps the handler above rather than Celery's own, so its lines are rendered alike.
CELERY_WORKER_HIJACK_ROOT_LOGGER = not LOG_FORMAT

# Errors to Sentry, only when SENTRY_DSN is set (campaign/logs.py).
SENTRY_DSN = os.environ.get("SENTRY_DSN", "")
if SENTRY_DSN:
    from campaign.logs import sentry_init

    sentry_init(
        SENTRY_DSN,
        environment=os.environ.get("SENTRY_ENVIRONMENT", ""),
        traces_sample_rate=float(os.environ.get("SENTRY_TRACES_SAMPLE_RATE", "0")),
    )
