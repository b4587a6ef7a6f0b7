"""The teacher's pages: classes, games, and the consoles of the bank director."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    classrooms = request.user.classrooms.all()  # type: ignore[union-attr]
    return render(request, "classroom/dashboard.html", {"classrooms": classrooms})
