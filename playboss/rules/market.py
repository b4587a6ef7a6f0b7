"""The market: price zones of dimples, cheapest zone first (rulebook: "Preparation for Play").

Buying takes from the cheapest filled zone first; selling, returning and repurchased goods go
into the dearest zone with an empty dimple first. These helpers only compute; the engine moves.
"""

from __future__ import annotations


def purchase_zones(market: list[int], units: int) -> list[int]:
    """Zone index of each unit bought, cheapest filled zone first (assumes enough units)."""
    zones: list[int] = []
    for zone, count in enumerate(market):
        take = min(count, units - len(zones))
        zones.extend([zone] * take)
        if len(zones) == units:
            break
    return zones


def placement_zones(market: list[int], capacity: int, units: int) -> list[int]:
    """Zone index of each unit placed, dearest zone with room first (assumes enough room)."""
    zones: list[int] = []
    for zone in range(len(market) - 1, -1, -1):
        room = min(capacity - market[zone], units - len(zones))
        zones.extend([zone] * room)
        if len(zones) == units:
            break
    return zones


def open_dimples(market: list[int], capacity: int) -> int:
    return capacity * len(market) - sum(market)


def market_price(market: list[int], capacity: int, prices: tuple[int, ...]) -> int | None:
    """The current sale price per finished unit: ten times the dearest zone with room."""
    for zone in range(len(market) - 1, -1, -1):
        if market[zone] < capacity:
            return 10 * prices[zone]
    return None


def raw_price(market: list[int], prices: tuple[int, ...]) -> int | None:
    """The current price of one raw unit: the cheapest filled zone."""
    for zone, count in enumerate(market):
        if count:
            return prices[zone]
    return None
