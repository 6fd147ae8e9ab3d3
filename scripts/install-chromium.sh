#!/usr/bin/env bash
# Prints the path of a Chromium for the browser tests (Playwright drives it), installing
# Debian's `chromium` package with apt-get when none is there. Routes, in order: $CHROMIUM;
# `chromium` on PATH; apt-get (as root, or through sudo without a password). Nothing outside
# the package registries is contacted. Idempotent and quick once installed.
set -uo pipefail

works() { [ -x "$1" ] && "$1" --headless=new --version >/dev/null 2>&1; }

if [ -n "${CHROMIUM:-}" ]; then
  if works "$CHROMIUM"; then echo "$CHROMIUM"; exit 0; fi
  echo "CHROMIUM=$CHROMIUM is not a working Chromium" >&2
  exit 1
fi
if found=$(command -v chromium 2>/dev/null) && works "$found"; then echo "$found"; exit 0; fi

if [ "$(id -u)" = 0 ]; then as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then as_root=(sudo -n)
else
  echo "chromium is missing and apt-get needs root: run 'sudo apt-get install -y chromium' or set CHROMIUM" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "chromium is missing and this system has no apt-get: install Chromium and set CHROMIUM to its path" >&2
  exit 1
fi
log=$(mktemp)
export DEBIAN_FRONTEND=noninteractive
# The package lists may be empty (a fresh container) or stale: refresh them only when needed.
if ! apt-cache show chromium >/dev/null 2>&1 || ! "${as_root[@]}" apt-get install -y -q --no-install-recommends chromium >"$log" 2>&1; then
  "${as_root[@]}" apt-get update -q >>"$log" 2>&1
  if ! "${as_root[@]}" apt-get install -y -q --no-install-recommends chromium >>"$log" 2>&1; then
    echo "apt-get could not install chromium: $(grep -E '^(E|W):' "$log" | head -1) (log: $log)" >&2
    exit 1
  fi
fi
rm -f "$log"
if found=$(command -v chromium 2>/dev/null) && works "$found"; then echo "$found"; exit 0; fi
echo "apt-get installed chromium, but it does not start: try '$(command -v chromium || echo chromium) --headless=new --version'" >&2
exit 1
