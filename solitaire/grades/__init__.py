"""The grades of each pool's deals (:mod:`solitaire.grading`), one module per
pool of :mod:`solitaire.pools`, written by ``python tools/grade.py``."""
