"""The websocket of a game screen: it only says "something changed" (with the revision and the
ticker texts); the screen then fetches its own view over HTTP, so secrets never travel here."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from .access import SESSION_KEY, projector_in_session, representative_in_session
from .events import group_name
from .models import Game


class GameConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        revision = await self._allowed_revision()
        if revision is None:
            await self.close(code=4403)
            return
        await self.channel_layer.group_add(group_name(self.game_id), self.channel_name)
        await self.accept()
        await self.send_json({"type": "hello", "revision": revision})

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "game_id"):
            await self.channel_layer.group_discard(group_name(self.game_id), self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        # Moves go through HTTP (one code path, CSRF-checked); the socket only listens.
        await self.send_json({"type": "error", "error": "Send moves over HTTP."})

    async def game_changed(self, message: dict[str, Any]) -> None:
        await self.send_json({"type": "changed", "revision": message["revision"],
                              "seq": message["seq"], "ticker": message["ticker"]})

    @database_sync_to_async
    def _allowed_revision(self) -> int | None:
        game = Game.objects.select_related("classroom").filter(pk=self.game_id).first()
        if game is None:
            return None
        user = self.scope.get("user")
        session = self.scope.get("session") or {}
        owner = bool(user and user.is_authenticated and game.classroom.teacher_id == user.pk)
        member = str(self.game_id) in session.get(SESSION_KEY, {})
        member = member or representative_in_session(session, game)
        projector = projector_in_session(session, game)
        return game.revision if owner or member or projector else None
