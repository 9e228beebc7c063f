"""The bot, in two layers: :mod:`bot.usecases` (no Discord) and
:mod:`bot.adapter` (discord.py); the console plays through the use cases alone."""
