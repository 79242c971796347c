#!/bin/bash
cd /work/runs/exps/diag6
for s in $(cat ../lbwins-v6.txt); do
  nice -n 5 /work/runs/kl-v6 play --seed $s --draw 3 --defoundation --player expert --memory stock --explain --json > p$s.json
  nice -n 5 /work/runs/kl-v6 analyze --seed $s --draw 3 --defoundation --moves p$s.json --budget 20s --json > a$s.json 2> a$s.err
  echo done $s $(date) >> ../diag6.log
done
