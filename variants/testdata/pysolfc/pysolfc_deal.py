#!/usr/bin/env python3
"""pysolfc_deal.py GAME NUMBER: prints PySolFC's deal of a game number as JSON (piles bottom to
top, face-down cards in lower case; stock bottom to top, its last card dealt next; reserves;
the foundation base). It is a transcription, written apart from the Go code, of PySolFC's
startGame methods (pysollib/games/klondike.py: Klondike, Whitehead, AgnesSorel, Jane and
AgnesBernauer; harp.py: DoubleKlondike, Gargantua, Steps; yukon.py: Yukon, Alaska), its
Game.createCards and Game.shuffle (pysollib/game/__init__.py, pysolrandom.py) and pysol_cards'
LCRandom31 and ms_rearrange (random.py, cards.py), with CPython's own random.Random as the
Mersenne Twister. The files here whose game is not klondike or yukon were made with it."""
import json, random, sys

class LC:
    def __init__(s, seed): s.x = seed
    def randint(s, a, b):
        s.x = (s.x * 214013 + 2531011) & ((1 << 33) - 1)
        return a + ((s.x >> 16) & 0x7fff) % (b + 1 - a)

class MT(random.Random):
    def randint(s, a, b): return a + int(s.random() * (b + 1 - a))

def cards(decks, n):
    c = [(r, su) for d in range(decks) for su in 'CSHD' for r in range(1, 14)]
    if n < 32000:
        if len(c) == 52:
            c = [c[i + j] for i in range(13) for j in (0, 39, 26, 13)]
        rng = LC(n)
    else:
        rng = MT(n)
    for i in range(len(c) - 1, 0, -1):
        j = rng.randint(0, i)
        c[i], c[j] = c[j], c[i]
    return c  # talon bottom .. top

def name(c, up):
    r = {1: 'A', 11: 'J', 12: 'Q', 13: 'K'}.get(c[0], str(c[0]))
    return r + (c[1] if up else c[1].lower())

def play(game, n):
    decks = 2 if game in ('double-klondike', 'gargantua', 'steps') else 1
    talon = cards(decks, n)
    nrows = {'double-klondike': 9, 'gargantua': 9}.get(game, 7)
    rows = [[] for _ in range(nrows)]
    res, found = [], []
    def dealRow(rs, flip, reverse=0):
        rs = list(rs)
        if reverse: rs.reverse()
        for r in rs: rows[r].append((talon.pop(), flip))
    R = range(nrows)
    if game in ('klondike', 'klondike-familiar', 'thumb-and-pouch', 'whitehead', 'agnes-sorel', 'agnes-bernauer'):
        flip = 1 if game in ('whitehead', 'agnes-sorel', 'agnes-bernauer') else 0
        for i in range(1, nrows):
            dealRow(R[i:], flip, reverse=1)
        dealRow(R, 1, reverse=1)
        if game == 'agnes-bernauer':
            for i in range(7): res.append(talon.pop())
        if game.startswith('agnes'):
            found.append(talon.pop())
    elif game in ('double-klondike', 'gargantua', 'steps'):
        for i in range(nrows):
            dealRow(R[i + 1:], 0)
        dealRow(R, 1)
    elif game in ('yukon', 'alaska'):
        for i in range(1, nrows):
            dealRow(R[i:], 0)
        for i in range(4):
            dealRow(R[1:], 1)
        dealRow(R, 1)
    return {"tableau piles": [[name(c, up) for c, up in p] for p in rows],
            "stock": [name(c, 1) for c in talon], "reserves": [name(c, 1) for c in res],
            "base": [name(c, 1) for c in found]}

print(json.dumps(play(sys.argv[1], int(sys.argv[2]))))
