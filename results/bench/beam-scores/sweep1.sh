#!/bin/sh
H=5,6,7,9,11,15,20,26,28,34,37,42,43,45,50,51,52,55,56,58,59,$(cat /tmp/H2)
for cfg in "WQ=2" "WQ=4" "WQ=1" "WQ=8" "WQ=2 WE=8" "WQ=2 WB=3" "WQ=4 WL=3" "WQ=2 WP=3"; do
  echo "== $cfg"; /tmp/bz.sh $H 4000000 $cfg
done
