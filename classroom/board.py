"""The projector's board: the public view, the board and market drawn as geometry, the
standings the teacher chose to reveal, and one team's books when the bank director puts them up.

A selector for the projector page (``views.projector``) and the live screens
(``screens.build_screen``) alike, so the screens need not import a view.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from playboss.rules import PUBLIC, GameState, balance_sheet, view

from . import selectors, state_store
from .models import Game

TICKER_LINES = 12

#: Pawn colours by seat: apart from the field colours and from each other, with the ink of the
#: seat number drawn on them.
PAWNS = [
    ("#7b2cbf", "#fff"),  # purple
    ("#f77f00", "#111"),  # orange
    ("#00b4d8", "#111"),  # cyan
    ("#e0218a", "#fff"),  # magenta
    ("#111111", "#fff"),  # black
    ("#8b5a2b", "#fff"),  # brown
    ("#ffafcc", "#111"),  # pink
    ("#9ca3af", "#111"),  # grey
]
FIELD_NAMES = {"S": "start", "R": "red", "G": "green", "Y": "yellow", "B": "blue",
               "W": "white"}
#: What the game waits for, in the room's words (the engine's pending kinds).
PENDING_LABELS: dict[str, Any] = {
    "red": _("decision field"),
    "green": _("WEB field"),
    "yellow": _("cost field"),
    "blue": _("risk card"),
    "white": _("write-off"),
    "pay": _("pays"),
    "bidding": _("bidding round"),
    "auction": _("auction"),
}
KEY = [("red", _("decision")), ("green", _("WEB")), ("yellow", _("cost")),
       ("blue", _("risk")), ("white", _("write-off"))]
CELL = 100  # one board field in SVG units
#: The key's geometry in SVG units: a swatch and its gap, the width of a letter at the key's
#: 22-unit font (a generous average), the space before the next entry.
KEY_SWATCH, KEY_CHAR, KEY_GAP, KEY_ROW = 34, 12, 22, 36


# ====================================================================== the board's geometry
@dataclass(frozen=True)
class Cell:
    number: int
    letter: str
    x: int
    y: int

    @property
    def kind(self) -> str:
        return FIELD_NAMES.get(self.letter, "white")

    @property
    def cx(self) -> float:
        return self.x + CELL / 2

    @property
    def cy(self) -> float:
        return self.y + CELL / 2


def loop_size(fields: int) -> tuple[int, int]:
    """Columns and rows of a rectangular loop with room for ``fields`` (42 → 12 × 11)."""
    half = math.ceil((max(fields, 8) + 4) / 2)
    rows = half // 2
    return half - rows, rows


def board_cells(board: str) -> list[Cell]:
    """The fields clockwise around the loop: start in the top-left corner, then along the top,
    down the right, back along the bottom and up the left side."""
    cols, rows = loop_size(len(board))
    spots = [(c, 0) for c in range(cols)]
    spots += [(cols - 1, r) for r in range(1, rows)]
    spots += [(c, rows - 1) for c in range(cols - 2, -1, -1)]
    spots += [(0, r) for r in range(rows - 2, 0, -1)]
    return [Cell(i, letter, spots[i][0] * CELL, spots[i][1] * CELL)
            for i, letter in enumerate(board)]


def pawn_spots(cell: Cell, count: int) -> list[tuple[float, float, float]]:
    """Centre and radius of each of ``count`` pawns side by side on one field: one or two
    below the field's number; more fill the field (hiding its number), and from five on they
    overlap a little, like pawns crowding a square, so that each stays large enough to read."""
    cols = math.ceil(math.sqrt(count))
    rows = math.ceil(count / cols)
    if count <= 2:
        left, top, width, height = 6.0, 24.0, CELL - 12.0, CELL - 30.0
    else:
        left, top, width, height = 5.0, 5.0, CELL - 10.0, CELL - 10.0
    pitch = 1.06 if count <= 4 else 0.84  # distance of neighbours, in pawn diameters
    radius = min(27.0, width / (2 + (cols - 1) * 2 * pitch),
                 height / (2 + (rows - 1) * 2 * pitch))
    step = 2 * radius * pitch
    spots = []
    for i in range(count):
        row, col = divmod(i, cols)
        in_row = min(cols, count - row * cols)
        x = cell.x + left + width / 2 + (col - (in_row - 1) / 2) * step
        y = cell.y + top + height / 2 + (row - (rows - 1) / 2) * step
        spots.append((x, y, radius))
    return spots


def _layout(data: dict[str, Any]) -> dict[str, Any]:
    """Everything the SVG needs, in board units (the template only places it)."""
    board: str = data["board"]
    cols, rows = loop_size(len(board))
    cells = board_cells(board)
    width, height = cols * CELL, rows * CELL
    teams_by_name = {t["name"]: t for t in data["teams"]}
    on_field: dict[int, list[dict[str, Any]]] = {}
    for team in data["teams"]:
        if not team["bankrupt"]:
            on_field.setdefault(team["position"] % len(board), []).append(team)
    pawns = []
    for number, teams in on_field.items():
        for team, (x, y, r) in zip(teams, pawn_spots(cells[number], len(teams)), strict=True):
            pawns.append({"team": team, "x": round(x, 1), "y": round(y, 1), "r": round(r, 1),
                          "halo": round(r * 1.28, 1), "halo_width": round(r * 0.34, 1),
                          "font": round(r * 1.15, 1),
                          "current": team["name"] == data["current"]})
    pawns.sort(key=lambda p: p["current"])  # the one whose turn it is drawn on top
    # The inner field: the market in the middle, the marketing troughs in three corners.
    inner = {"x": CELL, "y": CELL, "w": width - 2 * CELL, "h": height - 2 * CELL}
    pad, tw, th = 18, 236, 150
    corners = [  # clockwise from the corner after the start's
        (width - CELL - pad - tw, CELL + pad),
        (width - CELL - pad - tw, height - CELL - pad - th),
        (CELL + pad, height - CELL - pad - th),
    ]
    troughs = []
    for (x, y), trough in zip(corners, (data.get("marketing") or {}).get("troughs", []),
                              strict=False):
        slots = [x + 48 + i * 70 for i in range(3)]
        troughs.append({**trough, "x": x, "y": y, "w": tw, "h": th, "cx": x + tw // 2,
                        "title_y": y + 40, "owner_y": y + 78, "chip_y": y + th - 36,
                        "slots": slots, "chip_x": slots[:trough["chips"]],
                        "colour": teams_by_name.get(trough["owner"] or "")})
    key = []
    x, row = CELL + 30, 0
    # Up to the top-right trough (step 3), else the inner field's edge; a second row below.
    right = corners[0][0] - KEY_GAP if troughs else width - CELL - 30
    for kind, label in KEY:  # spaced by the label's length: German words are longer
        span = KEY_SWATCH + len(str(label)) * KEY_CHAR
        if x + span > right and x > CELL + 30:
            x, row = CELL + 30, row + 1
        key.append({"kind": kind, "label": label, "x": x, "dy": row * KEY_ROW})
        x += span + KEY_GAP
    market = _market_layout(data["market"], inner)
    return {"cells": cells, "pawns": pawns, "width": width, "height": height,
            "inner": inner, "troughs": troughs, "cx": width // 2, "key": key,
            "key_y": CELL + 150, "logo_x": CELL + 30, "logo_y": CELL + 84,
            "prices_y": market["label_y"] + 70, "prices_y2": market["label_y"] + 116,
            "market": market}


def _market_layout(market: dict[str, Any], inner: dict[str, int]) -> dict[str, Any]:
    zones = market["zones"]
    n = max(1, len(zones))
    capacity = max((z["capacity"] for z in zones), default=5)
    zone_w, gap = 88, 14
    total = n * zone_w + (n - 1) * gap
    left = inner["x"] + (inner["w"] - total) / 2
    top = inner["y"] + 250
    pitch = min(74.0, 370 / max(capacity, 1))
    height = capacity * pitch + 16
    out = []
    for i, zone in enumerate(zones):
        x = left + i * (zone_w + gap)
        dimples = [{"x": round(x + zone_w / 2, 1),
                    "y": round(top + height - 8 - (d + 0.5) * pitch, 1),
                    "full": d < zone["units"]} for d in range(zone["capacity"])]
        out.append({**zone, "x": round(x, 1), "w": zone_w, "cx": round(x + zone_w / 2, 1),
                    "dimples": dimples})
    return {"zones": out, "top": top, "height": round(height, 1), "r": round(pitch * 0.37, 1),
            "label_y": round(top + height + 42, 1), "title_y": top - 22}


# ====================================================================== what the projector shows
def _standings(state: GameState, kind: str) -> dict[str, dict[str, Any]]:
    """Each team's rank and figure: its sales total, or its balance-sheet result so far."""
    rows: list[dict[str, Any]] = []
    for team in state.teams.values():
        value = (team.sales_total if kind == Game.Standings.SALES
                 else balance_sheet(state, team.name).profit)
        rows.append({"team": team.name, "seat": team.seat, "value": value,
                     "bankrupt": team.bankrupt})
    rows.sort(key=lambda r: (r["bankrupt"], -r["value"], r["seat"]))
    return {row["team"]: {"rank": rank, "value": row["value"]}
            for rank, row in enumerate(rows, start=1)}


def projector_data(game: Game) -> dict[str, Any]:
    """The public view, the board's drawing, and the standings the teacher chose to show.

    ``table`` lists the teams in seat order; with standings on, ranked by them instead, each
    with its ``standing`` (rank and value)."""
    standings = game.projector_standings

    def read(state: GameState) -> dict[str, Any]:
        data = view(state, PUBLIC)
        data["standings"] = (_standings(state, standings)
                             if standings != Game.Standings.NONE else {})
        return data

    data = state_store.read_state(game, read)
    for team in data["teams"]:
        fill, ink = PAWNS[team["seat"] % len(PAWNS)]
        team.update(number=team["seat"] + 1, fill=fill, ink=ink,
                    standing=data["standings"].get(team["name"]))
    data["table"] = sorted(data["teams"], key=lambda t: (
        t["standing"]["rank"] if t["standing"] else 0, t["seat"]))
    by_name = {t["name"]: t for t in data["teams"]}
    for row in data.get("results", []):
        row["colour"] = by_name.get(row["team"])
    data["layout"] = _layout(data)
    data["current_team"] = by_name.get(data["current"] or "")
    if data["pending"]:
        kind = data["pending"]["kind"]
        data["pending_label"] = PENDING_LABELS.get(kind, kind.replace("_", " "))
    # The bank director may put one team's books up instead of the board (issue 13).
    data["books"] = selectors.projector_books(game) if game.projector_focus else None
    if data["books"]:
        data["books"]["colour"] = by_name.get(data["books"]["team"])
    return data


