"""The whole pack of a game, as files: each team's statements, the class debrief, the grading
workbook and its tables as CSV, and all of it as one ZIP.

No database here: the pack is made of the engine's state (``Figures``), the game's facts
(``GameMeta``) and its action log (``ActionRecord``), so the Celery task, the management command
and the benchmark build exactly the same files.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.utils.text import slugify

from . import exports
from .builders import debrief, team_statements
from .builders.base import Ctx, build_in

#: How far a build has come: (done, total) steps.
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class PackFile:
    name: str  # path inside the pack
    data: bytes
    kind: str  # a ReportJob kind ("team", "debrief", "spreadsheet") or "csv"
    team: str | None = None


def team_filenames(teams: Iterable[str]) -> dict[str, str]:
    """A distinct, readable file name for each team's statements."""
    names: dict[str, str] = {}
    used: set[str] = set()
    for seat, team in enumerate(teams, start=1):
        base = slugify(team) or f"team-{seat}"
        name = f"statements-{base}.pdf"
        if name in used:
            name = f"statements-{base}-{seat}.pdf"
        used.add(name)
        names[team] = name
    return names


def pack_root(ctx: Ctx) -> str:
    return f"playboss-{slugify(ctx.meta.name) or 'game'}-{ctx.meta.code}".lower()


def build_pack(ctx: Ctx, actions: Iterable[exports.ActionRecord],
               progress: Progress | None = None) -> list[PackFile]:
    """Every file of the pack, in the game's language."""
    teams = ctx.fig.teams
    total = len(teams) + 2
    files: list[PackFile] = []
    names = team_filenames(teams)
    with build_in(ctx.meta.language):
        for done, team in enumerate(teams):
            files.append(PackFile(f"teams/{names[team]}", team_statements(ctx, team), "team",
                                  team))
            if progress:
                progress(done + 1, total)
        files.append(PackFile("class-debrief.pdf", debrief.build(ctx), "debrief"))
        if progress:
            progress(len(teams) + 1, total)
        actions = list(actions)
        sheets = exports.grading_sheets(ctx.fig, actions)
        files.append(PackFile("grading.xlsx", exports.to_xlsx(sheets), "spreadsheet"))
        for name, data in exports.csv_files(ctx.fig, actions).items():
            files.append(PackFile(f"csv/{name}", data, "csv"))
        if progress:
            progress(total, total)
    return files


def zip_pack(ctx: Ctx, files: Iterable[PackFile]) -> bytes:
    """The files under one folder named after the game; PDF and XLSX are compressed already."""
    root = pack_root(ctx)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for f in files:
            compress = zipfile.ZIP_DEFLATED if f.name.endswith(".csv") else zipfile.ZIP_STORED
            archive.writestr(f"{root}/{f.name}", f.data, compress_type=compress)
    return buffer.getvalue()
