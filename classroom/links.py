"""The addresses students' phones use: join links, QR codes, the projector link.

A link built from the teacher's own browser address is useless when the teacher browses
``http://127.0.0.1:8000``: no phone can reach 127.0.0.1. So links are built on, in order:

1. ``SITE_URL`` when it is set (a deployment: ``https://playboss.school.example``);
2. when the teacher's address is a loopback one and the server listens on every interface
   (``LISTEN_HOST`` 0.0.0.0 or ::, as ``HOST=0.0.0.0 scripts/run.sh`` sets it), this machine's
   address on the local network, with the same port;
3. the teacher's own address otherwise.

``loopback_warning`` tells the teacher's pages when the links still point at a loopback
address, so a teacher is never surprised by a class whose phones cannot join.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest

ALL_INTERFACES = {"0.0.0.0", "::", "[::]"}


def _is_loopback(host: str) -> bool:
    host = host.strip("[]")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_address() -> str | None:
    """This machine's address on its network, or None. A UDP socket 'connected' to a
    non-routable address sends nothing; it only makes the system choose the outgoing
    interface, whose address we read."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address = str(probe.getsockname()[0])
    except OSError:
        return None
    finally:
        probe.close()
    return None if _is_loopback(address) else address


def base_url(request: HttpRequest) -> str:
    """Scheme, host and port that phones in the room reach this site on (no trailing /)."""
    site_url = (getattr(settings, "SITE_URL", "") or "").rstrip("/")
    if site_url:
        return site_url
    own = request.build_absolute_uri("/").rstrip("/")
    parts = urlsplit(own)
    if _is_loopback(parts.hostname or "") and settings.LISTEN_HOST in ALL_INTERFACES:
        lan = lan_address()
        if lan:
            port = f":{parts.port}" if parts.port else ""
            return f"{parts.scheme}://{lan}{port}"
    return own


def absolute(request: HttpRequest, path: str) -> str:
    """``path`` (from ``reverse``) as a link a phone can open."""
    return base_url(request) + path


def loopback_warning(request: HttpRequest) -> bool:
    """True when the links the teacher hands out point at this computer only."""
    return _is_loopback(urlsplit(base_url(request)).hostname or "")
