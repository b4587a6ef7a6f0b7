"""Websocket routes, read by playboss.asgi. Game consumers will be added here."""

from django.urls import URLPattern

websocket_urlpatterns: list[URLPattern] = []
