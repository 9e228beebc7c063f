"""The Discord adapter: the only part of the bot that knows Discord.

The client (:mod:`~bot.adapter.client`) opens the store and the workers and
routes events; slash commands, buttons and chat moves ask the use cases
(:mod:`bot.usecases`), and :mod:`~bot.adapter.answers` turns their replies
into messages.
"""
