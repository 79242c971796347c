# Every pairing of the expert runs in this directory with the version-6 row and with each other
# (won by both, only by one, exact McNemar p), on the deals both played. Run from the project root:
#   python3 results/bench/expert-v6-diag/cmpall.py
import json, os
from math import comb

D = 'results/bench/expert-v6-diag/'

def load(path):
    r = {}
    for l in open(path):
        x = json.loads(l)
        r[x['seed']] = x['verdict'] == 'won'
    return r

runs = {'v6': {}}
for k in (1, 2):
    runs['v6'].update(load('results/data/players/klondike-d3-wb-stock-expert-v6-s%d/records.jsonl' % k))
for name in ('v6s-control', 'v7-reverted', 'v9x-closecall', 'v10x-deeper', 'v10y-deeper-strict', 's800'):
    p = D + name + '/records.jsonl'
    if os.path.exists(p):
        runs[name] = load(p)
lb = 'results/bench/expert-vs-lonelybot/lonelybot-3e88e66-t3000-l1000.txt'
runs['lonelybot'] = {int(l.split()[0]): l.split()[1] == 'won' for l in open(lb)}

def mcnemar(a, b):
    n, k = a + b, min(a, b)
    return min(1, 2 * sum(comb(n, i) for i in range(k + 1)) / 2 ** n) if n else 1

names = list(runs)
for i, a in enumerate(names):
    for b in names[i + 1:]:
        T = sorted(set(runs[a]) & set(runs[b]))
        if not T:
            continue
        x = sum(runs[a][s] and not runs[b][s] for s in T)
        y = sum(runs[b][s] and not runs[a][s] for s in T)
        print('%-18s vs %-18s on %3d deals (%d..%d): %3d vs %3d won, only %d / %d, p = %.2f' % (
            a, b, len(T), T[0], T[-1], sum(runs[a][s] for s in T), sum(runs[b][s] for s in T), x, y, mcnemar(x, y)))
