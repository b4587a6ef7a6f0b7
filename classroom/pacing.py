"""Paced class bots that survive a restart: ``classroom.services.pacing`` (a service: it
restarts the bots' chain of tasks). This name stays for the sockets that sweep on connect."""

from __future__ import annotations

from .services.pacing import GRACE_SECONDS, forget_process_sweep, on_connect, stalled, sweep

__all__ = ["GRACE_SECONDS", "forget_process_sweep", "on_connect", "stalled", "sweep"]
