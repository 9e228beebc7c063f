"""Slash commands in the user's language: descriptions, option descriptions
and choice names come from the catalogues; command and option names stay the
same everywhere, so players can share them."""

from __future__ import annotations

from discord import Locale, app_commands

from texts import CATALOGUES, DEFAULT, locale_of
from texts import text as text_in


def text(key: str) -> app_commands.locale_str:
    """The English text of catalogue *key*, marked for the translator."""
    return app_commands.locale_str(text_in(DEFAULT, key), key=key)


class CatalogueTranslator(app_commands.Translator):
    """Answers from the catalogue of the requested language, if we have one."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        language = locale_of(locale.value)
        if key is None or language == DEFAULT:
            return None  # English is the text itself
        translated = CATALOGUES[language].get(key)
        return translated if isinstance(translated, str) else None
