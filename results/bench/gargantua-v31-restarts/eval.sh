#!/bin/sh
# Gargantua's 26 hard deals (those solver version 29 left unknown among the first 1,587 of
# its 100,000-deal row's shard 1), each solved at 20 M nodes by the build B; one line a deal:
# seed, verdict, nodes, wall seconds (a loaded machine) and, for ours, the solution's length.
B=${1:-klondike}; OUT=${2:-/dev/stdout}
for d in 175 825 1065 1355 2065 2305 2580 2880 3180 3715 3910 4130 4680 4975 5055 5120 5270 5290 5395 5725 7320 7405 7415 7460 7515 7650; do
  $B solve --game gargantua --seed $d --budget 0 --max-nodes 20000000 --json | python3 -c "
import json,sys; r=json.load(sys.stdin); s=r['stats']; print($d, r['verdict'], s['nodes'], round(s['elapsed_ms']/1000,1), len(r.get('solution') or []))" >> $OUT
done
