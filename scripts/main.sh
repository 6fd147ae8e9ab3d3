#!/usr/bin/env bash
# The main job: installs what is missing, starts the Temporal dev server (unless
# TEMPORAL_ADDRESS points at one), runs a workflow and prints its Temporal UI link.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/setup.sh"
cd "$root"
node infra/temporal/dist/cli.js smoke
echo "The dev server keeps running for the UI; stop it with: node infra/temporal/dist/cli.js stop"
