#!/usr/bin/env bash
# Rebuilds the committed conversions from the raw files (default: datasets/external/source, the
# copies shipped with their licences) with `groundplan import`, and writes each report beside its scene.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
raw="${1:-$root/datasets/external/source}"
here="$root/datasets/external"
groundplan() {
  (cd "$root/apps/cli" && node --conditions=@groundplan/source --import tsx src/main.ts "$@")
}
for n in 1 2 3 4; do
  groundplan import virtualhome "$raw/virtualhome/TestScene${n}_graph.json" --name "VirtualHome TestScene$n" \
    -o "$here/virtualhome/TestScene$n.json" | sed "s#$here/##" | tee "$here/virtualhome/TestScene$n.report.txt"
done
groundplan import spark-dsg "$raw/spark-dsg/apartment_dsg.json" --name "Spark-DSG apartment" \
  -o "$here/spark-dsg/apartment.json" | sed "s#$here/##" | tee "$here/spark-dsg/apartment.report.txt"
