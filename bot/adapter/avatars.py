"""Players' avatars from Discord's CDN, for the cards that show them.

An avatar is asked for 128 px wide as a PNG, at most once in a while per
player and avatar: what came is kept (the last :data:`KEPT` of them), and so
is a miss, for :data:`MISS_KEPT` seconds. A player with no avatar, an
avatar that does not come within :data:`WAIT` seconds, or an answer that is
not a small picture, gets the default one: a card never fails for it.
"""

from __future__ import annotations

import logging
import re
import time
from collections import OrderedDict
from collections.abc import Callable

import aiohttp

log = logging.getLogger(__name__)

#: Avatars kept in memory (about 10-30 kB each at 128 px).
KEPT = 512
#: A miss is not asked for again for this long.
MISS_KEPT = 600.0
#: How long a card waits for an avatar (well within Discord's 3 s for the
#: answer it is part of), and the most bytes one may be.
WAIT, LARGEST = 1.0, 1 << 20
#: The size asked for: the card draws it 88 px wide.
SIZE = 128
#: An avatar's hash, as Discord gives it (``a_``: an animated one).
_HASH = re.compile(r"(a_)?[0-9a-f]{32}")
#: Where players' Discord apps load an avatar a message links to: Discord's
#: own CDN, whatever the bot fetches through (a proxy is the bot's alone).
PUBLIC_CDN = "https://cdn.discordapp.com"


def public_url(user_id: int, avatar: str | None) -> str:
    """The avatar a message shows for a player: theirs, else Discord's default
    one (their own colour, by Discord's rule; ``user_id`` 0: the first)."""
    if avatar is not None and _HASH.fullmatch(avatar):
        return f"{PUBLIC_CDN}/avatars/{user_id}/{avatar}.png?size={SIZE}"
    return f"{PUBLIC_CDN}/embed/avatars/{(user_id >> 22) % 6}.png"


class Avatars:
    """``await avatars(user_id, avatar_hash)``: the avatar's PNG, or ``None``."""

    def __init__(self, cdn_base: str, clock: Callable[[], float] = time.monotonic) -> None:
        self._base = cdn_base.rstrip("/")
        self._clock = clock
        self._kept: OrderedDict[tuple[int, str], bytes] = OrderedDict()
        self._missed: dict[tuple[int, str], float] = {}
        self._session: aiohttp.ClientSession | None = None

    def url(self, user_id: int, avatar: str) -> str:
        """Where Discord serves the avatar, as a still PNG of :data:`SIZE` px."""
        return f"{self._base}/avatars/{user_id}/{avatar}.png?size={SIZE}"

    async def __call__(self, user_id: int, avatar: str | None) -> bytes | None:
        if avatar is None or not _HASH.fullmatch(avatar):
            return None
        key = (user_id, avatar)
        if key in self._kept:
            self._kept.move_to_end(key)
            return self._kept[key]
        if self._missed.get(key, 0.0) > self._clock():
            return None
        picture = await self._fetch(self.url(user_id, avatar))
        if picture is None:
            self._missed[key] = self._clock() + MISS_KEPT
            if len(self._missed) > KEPT:
                now = self._clock()
                self._missed = {k: until for k, until in self._missed.items() if until > now}
            return None
        self._kept[key] = picture
        if len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return picture

    async def _fetch(self, url: str) -> bytes | None:
        if self._session is None:
            self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=WAIT))
        try:
            async with self._session.get(url) as response:
                if response.status != 200:
                    log.info("no avatar at %s: %s", url, response.status)
                    return None
                picture = b""
                while len(picture) <= LARGEST:  # a read gives what has come
                    chunk = await response.content.read(LARGEST + 1 - len(picture))
                    if not chunk:
                        break
                    picture += chunk
        except (TimeoutError, aiohttp.ClientError, OSError) as error:
            log.info("no avatar at %s: %r", url, error)
            return None
        if len(picture) > LARGEST:
            log.info("no avatar at %s: over %s bytes", url, LARGEST)
            return None
        return picture

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
