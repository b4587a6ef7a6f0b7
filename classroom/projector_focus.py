"""The bank director's choice of what the projector shows: the board, or one team's books
(issue 13). The service is ``classroom.services.projector.set_projector_focus`` (every change
of a game is the services'); this name stays for the views that import it from here."""

from __future__ import annotations

from .services.projector import set_projector_focus

__all__ = ["set_projector_focus"]
