"""Per-user limits on what is expensive, so one user cannot starve the others."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable


class Cooldown:
    """At most *times* uses per *seconds* per user: a sliding window.

    >>> now = [0.0]
    >>> hints = Cooldown(1, 3.0, clock=lambda: now[0])
    >>> hints.wait(7), hints.wait(7)
    (0.0, 3.0)
    >>> now[0] = 3.0
    >>> hints.wait(7)
    0.0
    """

    def __init__(
        self, times: int, seconds: float, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.times = times
        self.seconds = seconds
        self._clock = clock
        self._uses: dict[int, deque[float]] = {}

    def wait(self, user_id: int) -> float:
        """Counts a use and returns 0, or returns how many seconds the user
        must wait (the use is not counted)."""
        now = self._clock()
        uses = self._uses.setdefault(user_id, deque())
        while uses and uses[0] <= now - self.seconds:
            uses.popleft()
        if len(uses) >= self.times:
            return round(uses[0] + self.seconds - now, 1)
        uses.append(now)
        if len(self._uses) > 10_000:  # forget idle users now and then
            self._uses = {
                user: u for user, u in self._uses.items() if u and u[-1] > now - self.seconds
            }
        return 0.0
