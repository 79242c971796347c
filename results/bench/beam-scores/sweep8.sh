#!/bin/sh
# beams alone with the whole 20 M nodes, on four Gargantua deals v29 left unknown at 20 M in its 100,000-deal row
ZZ=/tmp/zz3.test ./bz.sh 175,825,1065,1355 20000000 "PORT=2:0:0:0:0:0;2:0:0:0:3:0;2:0:0:0:0:1;2:0:0:0:3:1"
