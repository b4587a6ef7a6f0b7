"""ASGI entry point (daphne): plain HTTP goes to Django, websockets to the channels consumers."""

import os

from channels.auth import AuthMiddlewareStack
from channels.routing import ProtocolTypeRouter, URLRouter
from channels.security.websocket import AllowedHostsOriginValidator
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "playboss.settings")

# Set up Django (the app registry) before importing routing, whose consumers import models.
django_asgi_app = get_asgi_application()

from classroom.routing import websocket_urlpatterns  # noqa: E402
from playboss.shutdown import install as install_graceful_shutdown  # noqa: E402
from playboss.ws_origin import SameOriginValidator  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # Origin checks first: a websocket is not covered by CSRF protection. The Origin must
        # be this site's (scheme, host and port: playboss/ws_origin.py), and its host among the
        # ALLOWED_HOSTS, which are never "*" unless set so (settings: security defaults).
        "websocket": SameOriginValidator(AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        )),
    }
)

# Under daphne: on SIGTERM stop accepting, close the websockets, let requests finish, exit
# (playboss/shutdown.py, issue 26).
install_graceful_shutdown()
