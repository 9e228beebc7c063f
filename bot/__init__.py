"""bot layer."""
