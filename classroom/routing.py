"""Websocket routes, read by playboss.asgi."""

from django.urls import URLPattern, path

from .consumers import GameConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/games/<int:game_id>/", GameConsumer.as_asgi()),
]
