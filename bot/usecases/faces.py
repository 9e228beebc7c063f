"""Players' avatars, as the cards that show them get them: a port the
adapter fills with Discord's CDN (``bot.adapter.avatars``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

#: ``faces(user_id, avatar_hash)``: the avatar's PNG, or ``None`` for the
#: default one (no avatar, or it could not be had).
Faces = Callable[[int, str | None], Awaitable[bytes | None]]


async def no_faces(user_id: int, avatar: str | None) -> bytes | None:
    """Every player with the default avatar."""
    return None
