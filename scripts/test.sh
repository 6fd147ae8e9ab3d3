#!/usr/bin/env bash
# The whole test suite: installs what is missing, then builds, typechecks, lints and tests
# every package through turbo. Tests start their own Temporal dev servers on free ports
# (or use TEMPORAL_ADDRESS) and their own HTTP servers on 127.0.0.1.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/setup.sh"
cd "$root"
bash scripts/check-paths.sh
# llama.cpp's llama-server, for the interop test in apps/worker: built from source once per
# machine (minutes on two cores) and cached, so it is built here, timed on its own, and never
# inside a test's timeout. A failed build does not stop the suite: that test then says why.
started=$SECONDS
if bash packages/llm/scripts/build-llama-server.sh >/dev/null; then
  echo "[test] llama-server ready ($((SECONDS - started)) s)" >&2
else
  echo "[test] llama-server did not build ($((SECONDS - started)) s): see above" >&2
fi
pnpm biome check .
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
pnpm turbo run build typecheck lint test --concurrency=2 --output-logs=new-only 2>&1 | tee "$log" || status=$?
# One closing line for the whole suite, summed over every package's vitest summary.
sed 's/\x1b\[[0-9;]*m//g' "$log" | awk '
  / Tests +[0-9]/ { for (i = 1; i <= NF; i++) { if ($(i) == "passed") p += $(i-1); if ($(i) == "failed") f += $(i-1) } }
  END { printf "%d passed, %d failed\n", p, f }'
exit "$status"
