#!/bin/sh
for p in "2:0:0:0:0;2:0:0:0:3" "2:0:0:0:0;2:0:0:0:3;1:0:0:0:0;4:0:0:3:0"; do
  echo "== gargantua $p"; ZZ=/tmp/zz2.test /tmp/bz.sh 59,106,114 16000000 "PORT=$p"
  echo "== steps $p"; GAME=steps ZZ=/tmp/zz2.test /tmp/bz.sh 38,183 16000000 "PORT=$p"
done
