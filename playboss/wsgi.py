"""WSGI entry point, for HTTP-only servers; live games need the ASGI app (websockets)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "playboss.settings")

application = get_wsgi_application()
