#!/bin/sh
# usage: bz.sh SEEDS CAP [ENV=..]...
seeds=$1; cap=$2; shift 2
cd /tmp/exp/solver && env "$@" BEAMGAME=${GAME:-gargantua} BEAMSEEDS=$seeds BEAMCAP=$cap ${ZZ:-/tmp/zz.test} -test.run ZZBeams -test.v 2>&1 | grep -v "^=== \|^---\|^PASS\|^ok" | awk '{if($1=="seed")printf "%s:%s ",$2,($3=="-"?"X":$3); else print "\n" $0}'
