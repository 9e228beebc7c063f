"""5 winnable deals of Castle's End {}: won by the solver
(caps: 20000 nodes, 1 s), of deals 1…16.
Made by: python -m solitaire.pool castles-end --count 5 --seconds 1"""

DEALS = (
    3,
    4,
    6,
    10,
    11,
)
