"""The use cases: what the bot does, without Discord.

Each takes plain values (an :class:`~bot.usecases.replies.Asker`, the text
typed) and returns a reply value (:mod:`bot.usecases.replies`). Neither
``discord`` nor ``aiohttp`` is imported here (an import contract says so):
the Discord adapter (:mod:`bot.adapter`) and the console speak through these.
"""
