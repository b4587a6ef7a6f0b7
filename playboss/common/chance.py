"""The engines' own seeded generator: splitmix64 on one integer of state (shared by Playboss,
which re-exports it as ``playboss.rules.chance.Chance``, and Schoko & Co.).

The engines never touch the global ``random`` module. Its generator state is a single
integer, so a snapshot of a game is plain JSON and two engines fed the same seed and the same
actions draw the same numbers on any machine.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class Chance:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (the bias of a 64-bit modulo is negligible)."""
        # ``next64() % n``, inlined: bots call this for every move they make.
        z = self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % n

    def die(self) -> int:
        return 1 + self.below(6)

    def shuffle(self, items: list[int]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
