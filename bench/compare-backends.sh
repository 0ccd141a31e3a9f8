#!/usr/bin/env bash
# The backend comparison of issue 4, in one command:
#
#     bench/compare-backends.sh [OUT_DIR]
#
# Runs `queens-sat bench` six times and keeps each table (OUT_DIR/<name>.txt), every
# single measurement (OUT_DIR/<name>.raw.jsonl, written as it is made) and the plots
# (OUT_DIR/*.png). OUT_DIR defaults to bench/results/backends-<date> (git-ignored).
#
#   sizes      every installed exact backend on the real puzzles of sizes 8, 11, 14, 18
#              (community + generated corpora): the table the issue asks to record
#   random     the same on random boards of those sizes (mostly several solutions)
#   targets    sizes 7-11, model building included: cpsat <= 2.5 ms, sat <= 1 ms median
#   solvers    SAT solvers, one encoding: MiniSat/Glucose vs CaDiCaL and the rest
#   encodings  exactly-one encodings on MiniSat, and native cardinality on Minicard
#   cpsat      CP-SAT: 2x2 windows vs pairwise, enumerate vs blocking, 1 vs 2 workers,
#              its own branching vs row order, lean parameters vs CP-SAT's defaults
#   cpsat-large  the same choices on the real puzzles of sizes 14 to 18
#   counting   `queens-sat count` on the community puzzle with 112,812 solutions
#
# All backends of one table run on the same puzzle one after the other, so their
# ratios come from one run; absolute times depend on what else the machine does.
# Environment: QUEENS_SAT (the command, default .venv/bin/queens-sat),
# QUEENS_SAT_CORPUS (default ../shared/corpus), REPEAT (best of R, default 3).
set -euo pipefail
cd "$(dirname "$0")/.."

qs=${QUEENS_SAT:-.venv/bin/queens-sat}
corpus=${QUEENS_SAT_CORPUS:-../shared/corpus}
repeat=${REPEAT:-3}
out=${1:-bench/results/backends-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
status=0

bench() {
    local name=$1
    shift
    echo "== $name: queens-sat bench $* --repeat $repeat" | tee "$out/$name.txt"
    "$qs" bench "$@" --repeat "$repeat" --no-color --raw "$out/$name.raw.jsonl" | tee -a "$out/$name.txt" || status=$?
    echo
}

real=("$corpus/community.jsonl" "$corpus/generated.jsonl")
sample=("$corpus/community.jsonl" --sizes 7-11 --per-size 60)

bench sizes "${real[@]}" --sizes 8,11,14,18 --plot "$out/sizes.png"
bench random --generate 8,11,14,18 --per-size 40 --plot "$out/random.png"
bench targets "${real[@]}" --sizes 7-11 --per-size 100
bench solvers "${sample[@]}" --backends sat:minisat22:seqcounter,sat:glucose3:seqcounter,sat:glucose4:seqcounter,sat:glucose42:seqcounter,sat:cadical153:seqcounter,sat:cadical195:seqcounter,sat:maplesat:seqcounter,sat:mergesat3:seqcounter,sat:lingeling:seqcounter,sat:minicard:seqcounter,sat:minicard:native
bench encodings "${sample[@]}" --backends sat:minisat22:pairwise,sat:minisat22:seqcounter,sat:minisat22:ladder,sat:minisat22:totalizer,sat:minisat22:bitwise,sat:minisat22:cardnetwrk,sat:minicard:native
bench cpsat "${sample[@]}" --backends cpsat,cpsat:pairwise,cpsat:blocking,cpsat:blocking:pairwise,cpsat:blocking:workers=2,cpsat:rows,cpsat:lean=off
bench cpsat-large "${real[@]}" --sizes 14-18 --backends cpsat,cpsat:pairwise,cpsat:blocking,cpsat:blocking:workers=2,cpsat:rows

# Counting every solution is another matter: the community puzzle with 112,812.
grep '"solutions":112812' "$corpus/community.jsonl" > "$out/112812.jsonl"
echo "== counting: queens-sat count $out/112812.jsonl (112,812 solutions)" | tee "$out/counting.txt"
counters=(python cpsat cpsat:rows sat:minicard:native sat:cadical195:seqcounter)
if "$qs" count --n 1 --backend native > /dev/null 2>&1; then counters=(native "${counters[@]}"); fi
for backend in "${counters[@]}"; do
    "$qs" count "$out/112812.jsonl" --backend "$backend" | tee -a "$out/counting.txt" || status=$?
done

echo "results in $out"
exit $status
