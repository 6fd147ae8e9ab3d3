#!/usr/bin/env bash
# Fails when a tracked file names a path outside the checkout (a folder of one machine, under
# /work, /home, /root or /Users): what the repository reads must be in it.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
found=$(git grep -nIE '(^|[^A-Za-z0-9_.~-])/(work|home|root|Users)/' -- . ':!pnpm-lock.yaml' | cut -c1-200)
if [ -n "$found" ]; then
  echo "paths outside the checkout (use a path relative to the repository root):"
  echo "$found"
  exit 1
fi
