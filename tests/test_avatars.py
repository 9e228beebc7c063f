"""Avatars as the bot fetches them from the CDN the local Discord serves:
kept once fetched, a miss not asked again for ten minutes, and nothing that
is not a small picture taken as one."""

from __future__ import annotations

import pytest

from bot.adapter.avatars import LARGEST, MISS_KEPT, Avatars
from bot.config import Config, ConfigError
from tests.fake_discord import FakeDiscord
from tests.test_storage import Clock

USER, FACE = 5_000_000_000_000_009, "0123456789abcdef" * 2


async def test_an_avatar_is_fetched_once_and_a_miss_is_asked_again_only_later(
    server: FakeDiscord,
) -> None:
    clock = Clock()
    avatars = Avatars(server.env["DISCORD_CDN_BASE"], clock)
    try:
        assert await avatars(USER, FACE) is None  # 404
        assert await avatars(USER, FACE) is None
        assert len(server.avatars_asked) == 1  # the miss is kept
        server.avatars[(USER, FACE)] = b"\x89PNG picture"
        clock.now += MISS_KEPT + 1
        assert await avatars(USER, FACE) == b"\x89PNG picture"
        del server.avatars[(USER, FACE)]
        assert await avatars(USER, FACE) == b"\x89PNG picture"  # kept
        assert len(server.avatars_asked) == 2
    finally:
        await avatars.close()


@pytest.mark.parametrize("avatar", [None, "", "../../users/@me", "A" * 32, FACE + "0"])
async def test_no_avatar_or_a_forged_hash_asks_for_nothing(
    server: FakeDiscord, avatar: str | None
) -> None:
    avatars = Avatars(server.env["DISCORD_CDN_BASE"])
    try:
        assert await avatars(USER, avatar) is None
        assert server.avatars_asked == []
    finally:
        await avatars.close()


async def test_an_answer_too_big_to_be_an_avatar_is_none(server: FakeDiscord) -> None:
    server.avatars[(USER, FACE)] = b"x" * (LARGEST + 1)
    avatars = Avatars(server.env["DISCORD_CDN_BASE"])
    try:
        assert await avatars(USER, FACE) is None
    finally:
        await avatars.close()


async def test_a_cdn_that_does_not_answer_gives_the_default_at_once() -> None:
    avatars = Avatars("http://127.0.0.1:9")  # nothing listens there
    try:
        assert await avatars(USER, FACE) is None
    finally:
        await avatars.close()


def test_the_cdn_is_a_setting_checked_at_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.delenv("DISCORD_CDN_BASE", raising=False)
    assert Config.from_env(env_file=None).cdn_base == "https://cdn.discordapp.com"
    monkeypatch.setenv("DISCORD_CDN_BASE", "http://127.0.0.1:8080/")
    assert Config.from_env(env_file=None).cdn_base == "http://127.0.0.1:8080/"
    monkeypatch.setenv("DISCORD_CDN_BASE", "cdn.example")
    with pytest.raises(ConfigError, match="DISCORD_CDN_BASE"):
        Config.from_env(env_file=None)
