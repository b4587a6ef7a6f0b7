"""QR codes as inline SVG, for the printed team sheet (no image files, crisp at any size)."""

from __future__ import annotations

import re

import qrcode
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from qrcode.image.svg import SvgPathImage

_SIZE = re.compile(r'\s(?:width|height)="[^"]*"')


def qr_svg(data: str, label: str = "") -> SafeString:
    """An ``<svg>`` element of the QR code of ``data``, sized by CSS (class ``qr``)."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=2,
                         image_factory=SvgPathImage)
    code.add_data(data)
    code.make(fit=True)
    svg = code.make_image().to_string(encoding="unicode")
    if not isinstance(svg, str):  # older qrcode versions return bytes
        svg = svg.decode()
    svg = _SIZE.sub("", svg.split("?>", 1)[-1].strip(), count=2)
    attrs = f'class="qr" role="img" aria-label="{escape(label or data)}" '
    attrs += 'shape-rendering="crispEdges"'
    return mark_safe(svg.replace("<svg ", f"<svg {attrs} ", 1))  # built here from our own data
