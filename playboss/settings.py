"""Django settings, read from the environment.

With nothing set they give a self-contained demo: SQLite, the in-memory channel layer and
Celery tasks run in-process. ``DATABASE_URL`` switches to a real database and ``REDIS_URL``
to channels-redis plus a Celery worker; the code is the same either way.
"""

import ipaddress
import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_number(name: str, default: float) -> float:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    try:
        return float(value)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} must be a number, not {value!r}") from exc


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


# Security defaults (issue 11) ---------------------------------------------------------------
# The address students' phones use for join links and QR codes (classroom/links.py): set
# SITE_URL on a deployment ("https://playboss.school.example"). Without it, when the teacher
# browses a loopback address and the server listens on every interface (LISTEN_HOST, which
# scripts/run.sh sets from HOST), links use this machine's address on the local network.
SITE_URL = os.environ.get("SITE_URL", "").strip().rstrip("/")
LISTEN_HOST = os.environ.get("LISTEN_HOST", "127.0.0.1").strip()
_LOOPBACK_NAMES = {"localhost", "127.0.0.1", "::1", "[::1]"}
_SERVES_LOOPBACK_ONLY = LISTEN_HOST in _LOOPBACK_NAMES or LISTEN_HOST.startswith("127.")

# Debug pages show settings and code to whoever gets an error: off unless DEBUG=1 is set (issue
# 23: a default that followed LISTEN_HOST showed them whenever the variable was forgotten, while
# daphne listened elsewhere). scripts/run.sh sets DEBUG=1 only when it binds daphne to a
# loopback address itself and no public SITE_URL is set.
DEBUG = env_bool("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG and not (_SERVES_LOOPBACK_ONLY and not SITE_URL):
        # A known key would let anyone forge sessions: refuse to start. scripts/run.sh makes
        # and keeps a key of its own for the demo (.secret_key, never committed). Commands
        # and tests on this computer alone may go without.
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off and the site "
                                   "serves other computers (LISTEN_HOST, SITE_URL)")
    SECRET_KEY = "dev-insecure-playboss-classroom-key-change-me"


def _default_allowed_hosts() -> list[str]:
    """The names this site answers to when ALLOWED_HOSTS is not set: this computer, SITE_URL's
    host, and on every interface this machine's address on the local network. Never "*": a
    websocket's Origin is checked against this list (playboss/asgi.py)."""
    hosts = ["localhost", "127.0.0.1", "[::1]"]
    if SITE_URL:
        hosts.append(urlsplit(SITE_URL).hostname or "")
    if LISTEN_HOST in {"0.0.0.0", "::", "[::]"}:
        from classroom.links import lan_address  # no Django state needed: a socket probe

        hosts.append(lan_address() or "")
    elif not _SERVES_LOOPBACK_ONLY:
        hosts.append(LISTEN_HOST)
    return [host for host in dict.fromkeys(hosts) if host]


# "*" only when set so explicitly: ALLOWED_HOSTS=* .
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", _default_allowed_hosts())
# Origins (scheme://host[:port]) a form may be posted from besides the site itself, e.g. the
# public address when a proxy changes the Host header; SITE_URL is always trusted.
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [SITE_URL] if SITE_URL else [])

# HTTPS: a site whose SITE_URL is https:// sends its cookies over HTTPS only by default.
_HTTPS = SITE_URL.startswith("https://")
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", _HTTPS)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", _HTTPS)
# Behind a reverse proxy that terminates TLS, Django sees plain HTTP: trust the proxy's
# X-Forwarded-Proto only when told to (a client could send it itself without a proxy).
if env_bool("SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
# Monitoring asks the ASGI processes directly over plain HTTP (docs/deploy.md).
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
# HSTS is remembered by browsers for this long: off until a deployment is sure of its TLS.
SECURE_HSTS_SECONDS = int(env_number("SECURE_HSTS_SECONDS", 0))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)

# Content security policy (playboss/security.py): scripts only from our static files, no inline
# script or handler, no eval. Style *attributes* stay allowed: templates colour a team's swatch
# and pawn and size a market bar inline (style="background: ...", "--units: ..."), and live.js
# morphs them into the page; <style> elements and style sheets must come from the site
# (style-src-elem; a browser that does not know it falls back to style-src).
CONTENT_SECURITY_POLICY = os.environ.get("CONTENT_SECURITY_POLICY", "").strip() or "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "style-src-elem 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self' {websocket}",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
# Report-only: try a changed policy on a live site without breaking it (violations are logged
# in the browsers' consoles).
CONTENT_SECURITY_POLICY_REPORT_ONLY = env_bool("CONTENT_SECURITY_POLICY_REPORT_ONLY", False)
# ---------------------------------------------------------------------------------------------

INSTALLED_APPS = [
    # daphne first: it replaces runserver with an ASGI server that also serves websockets.
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "classroom",
    "reports",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # The content security policy header on every response (CONTENT_SECURITY_POLICY).
    "playboss.security.ContentSecurityPolicyMiddleware",
    # X-Frame-Options on every answer, the static files' too (before them; issue 26).
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Static files straight from the app folders, also under daphne (no collectstatic needed
    # for the demo; deployments run collectstatic and get compressed, cached copies).
    # WhiteNoise made async-capable (playboss/static_files.py): every middleware here is, so
    # no request's thread waits for the event loop while daphne stops (issue 26).
    "playboss.static_files.StaticFilesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions (it may read the chosen language there), before common (URL handling).
    "django.middleware.locale.LocaleMiddleware",
    # Oversized bodies 413, NUL characters 400, in the page's language (issue 11).
    "classroom.limits.RequestLimitsMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
]

ROOT_URLCONF = "playboss.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "classroom.context_processors.links",
            ],
        },
    },
]

WSGI_APPLICATION = "playboss.wsgi.application"
ASGI_APPLICATION = "playboss.asgi.application"

# Database: SQLite file unless DATABASE_URL names another (e.g. postgres://...).
# No persistent connections (CONN_MAX_AGE=0): under ASGI every worker thread would keep its own,
# and a few daphne processes would use up PostgreSQL's max_connections while idle. PostgreSQL
# gets a connection pool instead (psycopg_pool): at most DB_POOL_SIZE connections per process,
# shared by its threads; a thread that finds all of them busy waits up to DB_POOL_TIMEOUT s.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=0,
        conn_health_checks=True,
    )
}
DB_POOL_SIZE = max(1, int(env_number("DB_POOL_SIZE", 8)))
DB_POOL_TIMEOUT = env_number("DB_POOL_TIMEOUT", 10)
SQLITE_TIMEOUT = env_number("SQLITE_TIMEOUT", 20)
_engine = DATABASES["default"]["ENGINE"]
if _engine.endswith("postgresql"):
    # A dead server is noticed in DB_CONNECT_TIMEOUT s, not the kernel's minutes (issue 23).
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault(
        "connect_timeout", max(1, int(env_number("DB_CONNECT_TIMEOUT", 2))))
    DATABASES["default"]["OPTIONS"]["pool"] = {
        "min_size": min(2, DB_POOL_SIZE),
        "max_size": DB_POOL_SIZE,
        "timeout": DB_POOL_TIMEOUT,
    }
elif _engine.endswith("sqlite3"):
    # Many games on one process: readers never wait for the writer (WAL); a write transaction
    # takes the write lock when it begins (IMMEDIATE), so two of them queue for up to
    # SQLITE_TIMEOUT s instead of failing with "database is locked" when one upgrades a read.
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "transaction_mode": "IMMEDIATE",
        "timeout": SQLITE_TIMEOUT,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    })
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")

# Redis's socket timeout must stay well above channels_redis's blocking read (BZPOPMIN, 5 s):
# with redis-py's default of 5 s the two race, the read times out, and idle websockets are
# closed with 1011. Connecting fails fast, so a Redis that is down costs a move little time.
REDIS_SOCKET_TIMEOUT = env_number("REDIS_SOCKET_TIMEOUT", 30)
REDIS_CONNECT_TIMEOUT = env_number("REDIS_CONNECT_TIMEOUT", 1)
# How long a move's broadcast may take before it is given up (logged; screens poll anyway).
BROADCAST_TIMEOUT = env_number("BROADCAST_TIMEOUT", 2)

if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [{
                "address": REDIS_URL,
                "socket_timeout": REDIS_SOCKET_TIMEOUT,
                "socket_connect_timeout": REDIS_CONNECT_TIMEOUT,
                "socket_keepalive": True,
            }]},
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
    # Sending a task must fail fast when Redis is down (the caller then runs it in-process,
    # see classroom/dispatch.py), not retry for minutes in the middle of a request.
    CELERY_BROKER_CONNECTION_TIMEOUT = REDIS_CONNECT_TIMEOUT
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "socket_connect_timeout": REDIS_CONNECT_TIMEOUT,
        "socket_timeout": REDIS_SOCKET_TIMEOUT,
    }
    CELERY_TASK_PUBLISH_RETRY_POLICY = {
        "max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2,
    }
    # The site never reads a task's result: sending one must not also subscribe to the result
    # store (a second Redis connection that can fail). A caller that wants a result asks for it
    # (``apply_async(..., ignore_result=False)``), and gets few retries when Redis is down.
    CELERY_TASK_IGNORE_RESULT = True
    CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = REDIS_CONNECT_TIMEOUT
    CELERY_REDIS_SOCKET_TIMEOUT = REDIS_SOCKET_TIMEOUT
    CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"retry_policy": {"max_retries": 1}}
else:
    # One process only: fine for the demo and tests, not for several server processes.
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    # Celery's default broker is AMQP on localhost; never send there by accident.
    CELERY_BROKER_URL = "memory://"
    CELERY_TASK_ALWAYS_EAGER = True

# Celery beat's schedule (the worker runs beat: --beat): a file of state, kept where the
# deployment keeps its state (/var/lib/playboss in deploy/env.example, issue 26), not in the
# code's folder. dbm may add a suffix (celerybeat-schedule.db); .gitignore covers both.
CELERY_BEAT_SCHEDULE_FILENAME = (os.environ.get("CELERY_BEAT_SCHEDULE_FILENAME", "").strip()
                                 or str(BASE_DIR / "celerybeat-schedule"))
# In eager mode, let a failing task raise in the caller instead of hiding in a result.
CELERY_TASK_EAGER_PROPAGATES = True
# Tasks receive ids, never objects: JSON keeps that honest.
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = "UTC"

# Sign-in and join throttling (issue 11) ------------------------------------------------------
# docs/security.md has the reasons and the arithmetic behind these numbers.
# Joining with game code + PIN (classroom/throttle.py): wrong tries per window, per client
# address and per game. A full address bucket waits for the window's end (429), the right PIN
# too; a full game bucket (under attack) refuses the addresses that failed and hands the others
# one slow slot at a time, the pause between slots growing 1, 2, 4 … JOIN_SLOW_MAX_SECONDS
# (issue 23: never a door closed to the whole class). QR links are not throttled (128-bit secrets).
JOIN_FAILURES_PER_ADDRESS = int(env_number("JOIN_FAILURES_PER_ADDRESS", 15))
JOIN_FAILURES_PER_GAME = int(env_number("JOIN_FAILURES_PER_GAME", 40))
JOIN_THROTTLE_SECONDS = int(env_number("JOIN_THROTTLE_SECONDS", 600))
JOIN_SLOW_MAX_SECONDS = max(1, int(env_number("JOIN_SLOW_MAX_SECONDS", 30)))
# The addresses (or networks) of the reverse proxies in front of the site: X-Forwarded-For is
# read only on a connection from one of them (classroom.throttle.client_address), never from a
# client, which may write that header itself (issue 23). Empty: no proxy, REMOTE_ADDR only.
# TRUSTED_PROXY_COUNT>0 (the older setting) without TRUSTED_PROXIES means nginx on this machine.
TRUSTED_PROXY_COUNT = int(env_number("TRUSTED_PROXY_COUNT", 0))
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES",
                           ["127.0.0.1", "::1"] if TRUSTED_PROXY_COUNT > 0 else [])
for _proxy in TRUSTED_PROXIES:
    try:
        ipaddress.ip_network(_proxy, strict=False)
    except ValueError as _exc:
        raise ImproperlyConfigured(
            f"TRUSTED_PROXIES: {_proxy!r} is no IP address or network") from _exc
# The throttle's counters: in Redis when there is one, so every server process counts the same
# tries; in the one process's memory otherwise (the embedded default runs one process).
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "throttle": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "playboss-throttle",
        # A Redis that is down costs a join at most this long (then counted in memory).
        "OPTIONS": {"socket_connect_timeout": REDIS_CONNECT_TIMEOUT,
                    "socket_timeout": REDIS_CONNECT_TIMEOUT},
    } if REDIS_URL else {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "playboss-throttle",
        # Room for many addresses' counters before any is culled to make space.
        "OPTIONS": {"MAX_ENTRIES": 50_000},
    },
}
# Teacher sign-in: django-axes locks a username at one address out after AXES_FAILURE_LIMIT
# wrong passwords, for AXES_COOLOFF_TIME (429: classroom.throttle.sign_in_locked_out); another
# wrong try while locked starts the cool-off again. Attempts are rows in the database (every
# process sees them); a right password clears the count.
INSTALLED_APPS += ["axes"]
MIDDLEWARE += ["axes.middleware.AxesMiddleware"]  # last: turns a lockout into its page
AUTHENTICATION_BACKENDS = [
    "classroom.throttle.SignInLockout",  # first: refuses a locked-out sign-in before checking
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(env_number("SIGNIN_FAILURE_LIMIT", 5))
AXES_COOLOFF_TIME = timedelta(minutes=env_number("SIGNIN_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "classroom.throttle.client_address"
AXES_LOCKOUT_CALLABLE = "classroom.throttle.sign_in_locked_out"
# ---------------------------------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Internationalization: the game is German in origin, the classroom may be either.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("de", _("German")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# Built reports (PDF, XLSX, ZIP) land here. They are served only through the reports' download
# view, which checks who asks (a team gets its own statements only): never map MEDIA_URL to
# MEDIA_ROOT in a web server. MEDIA_ROOT must be the same folder for the site and the Celery
# worker (a shared disk when they run on different machines).
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", "") or BASE_DIR / "media")

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "classroom:dashboard"
LOGOUT_REDIRECT_URL = "classroom:home"
# The demo on this computer serves the apps' static folders as they are (run.sh collects them
# anyway); a site for the network serves STATIC_ROOT only.
WHITENOISE_USE_FINDERS = DEBUG or (_SERVES_LOOPBACK_ONLY and not SITE_URL)
WHITENOISE_AUTOREFRESH = WHITENOISE_USE_FINDERS

# Build every team's statements the moment a game ends (the reports app listens for it).
PLAYBOSS_STATEMENTS_AT_GAME_END = env_bool("PLAYBOSS_STATEMENTS_AT_GAME_END", True)
# After a refused move, check the engine's invariants on the state it leaves (a handler that
# changed the state before refusing is a bug): with DEBUG, and in the tests.
PLAYBOSS_CHECK_AFTER_REFUSAL = env_bool("PLAYBOSS_CHECK_AFTER_REFUSAL", DEBUG)
# Websockets one session, and one team, may hold open in one server process at once
# (classroom.consumers). A soak that holds many idle sockets of one team raises them.
PLAYBOSS_SOCKETS_PER_SESSION = int(os.environ.get("PLAYBOSS_SOCKETS_PER_SESSION", "12"))
PLAYBOSS_SOCKETS_PER_TEAM = int(os.environ.get("PLAYBOSS_SOCKETS_PER_TEAM", "24"))

# SITE_URL and LISTEN_HOST: see the security defaults at the top.
