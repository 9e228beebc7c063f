"""Solver-verified deal numbers, one module per rule profile and options,
written by ``python tools/pool.py``."""
