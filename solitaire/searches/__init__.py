"""Fast searches for single games: a compact state and a game's own move
pruning, where the general search in :mod:`solitaire.solver` is too slow.

Each ``search(game, max_nodes, deadline)`` returns a winning line in
notation, or ``None`` when it found none (its pruning may skip a win, so
``None`` proves nothing). The solver replays every line in the engine
before it trusts it.
"""
