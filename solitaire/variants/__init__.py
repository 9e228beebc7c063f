"""One module per game: its layout, deal, and per-pile rules."""
