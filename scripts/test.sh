#!/usr/bin/env bash
# The whole test suite: installs what is missing, then builds, typechecks, lints and tests
# every package through turbo. Tests start their own Temporal dev servers on free ports
# (or use TEMPORAL_ADDRESS) and their own HTTP servers on 127.0.0.1.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/setup.sh"
cd "$root"
pnpm biome check .
pnpm turbo run build typecheck lint test --concurrency=2 --output-logs=new-only
