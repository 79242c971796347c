#!/bin/sh
H=5,6,7,9,11,15,20,26,28,34,37,42,43,45,50,51,52,55,56,58,59,$(cat /tmp/H2)
echo "== H41 hash-ties v27"; ZZ=/tmp/zz3.test /tmp/bz.sh $H 4000000 "PORT=2:0:0:0:0:1;2:0:0:0:3:1"
echo "== hard4 4-port"; ZZ=/tmp/zz3.test /tmp/bz.sh 59,106 16000000 "PORT=2:0:0:0:0:0;2:0:0:0:3:0;2:0:0:0:0:7;2:0:0:0:3:7"
echo "== steps hard 4-port"; GAME=steps ZZ=/tmp/zz3.test /tmp/bz.sh 38,183 16000000 "PORT=2:0:0:0:0:0;2:0:0:0:3:0;2:0:0:0:0:7;2:0:0:0:3:7"
