#!/usr/bin/env bash
# Builds llama.cpp's OpenAI-compatible `llama-server` (CPU only) from the llama.cpp source that
# the npm package node-llama-cpp ships (llama/gitRelease.bundle), into a per-machine cache
# outside the repository, and prints the binary's path. Idempotent: a finished build is reused
# at once, by every clone on the machine; concurrent callers wait for the one that builds.
#   cache: ${XDG_CACHE_HOME:-$HOME/.cache}/groundplan/llama-server-<tag>-<commit>-<flavour>/llama-server
#   GROUNDPLAN_BUILD_JOBS: parallel compile jobs (default 2; the build takes minutes, not seconds)
#   --installed: only print the cached binary's path; exit 1 with the reason if it is not built
# scripts/test.sh runs it before the tests, timed on its own; the tests only use the binary.
# Nothing is downloaded: the web UI (normally fetched from a model hub) is left out, as are
# OpenSSL, tests, examples and every other tool; only the server target is built.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
package_dir="$(readlink -f "$here/../node_modules/node-llama-cpp")"
llama_dir="$package_dir/llama"
bundle="$llama_dir/gitRelease.bundle"
if [ ! -f "$bundle" ]; then
  echo "build-llama-server: no llama.cpp source at $bundle; run pnpm install first" >&2
  exit 1
fi
for tool in git cmake make g++; do
  command -v "$tool" >/dev/null || { echo "build-llama-server: needs $tool on PATH" >&2; exit 1; }
done

tag="$(node -p "require('$llama_dir/llama.cpp.info.json').tag")"
commit="$(git bundle list-heads "$bundle" | awk '$2 == "HEAD" { print substr($1, 1, 12) }')"
# x86-64 builds for AVX2/FMA/F16C, not -march=native: native builds use AMX tile instructions
# where the CPU reports them, and in a VM that does not grant AMX state llama-server then dies
# with a segfault in ggml_backend_amx_mul_mat at its first matrix product (seen on this machine).
case "$(uname -m)" in
  x86_64) flavour=avx2; cpu_flags=(-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON) ;;
  *) flavour=native; cpu_flags=(-DGGML_NATIVE=ON) ;;
esac
cache="${XDG_CACHE_HOME:-$HOME/.cache}/groundplan"
target="$cache/llama-server-$tag-$commit-$flavour"
binary="$target/llama-server"

if [ -x "$binary" ]; then
  echo "$binary"
  exit 0
fi
if [ "${1:-}" = "--installed" ]; then
  echo "llama-server is not built ($binary is missing): run bash packages/llm/scripts/build-llama-server.sh (npm test does, before the tests)" >&2
  exit 1
fi

mkdir -p "$cache"
exec 9>"$target.lock"
flock 9
# Another caller may have finished the build while this one waited for the lock.
if [ -x "$binary" ]; then
  echo "$binary"
  exit 0
fi

jobs="${GROUNDPLAN_BUILD_JOBS:-2}"
work="$(mktemp -d "$cache/.llama-server-build.XXXXXX")"
trap 'rm -rf "$work"' EXIT
started=$(date +%s)
echo "build-llama-server: building llama-server $tag ($commit) with $jobs jobs into $target; this takes minutes" >&2
git clone --quiet "$bundle" "$work/src" 2>/dev/null
cmake -S "$work/src" -B "$work/build" -G "Unix Makefiles" \
  -DCMAKE_BUILD_TYPE=Release \
  -DBUILD_SHARED_LIBS=OFF \
  "${cpu_flags[@]}" \
  -DGGML_BACKEND_DL=OFF \
  -DLLAMA_BUILD_SERVER=ON \
  -DLLAMA_BUILD_TESTS=OFF \
  -DLLAMA_BUILD_EXAMPLES=OFF \
  -DLLAMA_BUILD_APP=OFF \
  -DLLAMA_BUILD_UI=OFF \
  -DLLAMA_USE_PREBUILT_UI=OFF \
  -DLLAMA_OPENSSL=OFF \
  >"$work/configure.log" 2>&1 || { cat "$work/configure.log" >&2; exit 1; }
cmake --build "$work/build" --target llama-server -j "$jobs" >"$work/build.log" 2>&1 ||
  { tail -50 "$work/build.log" >&2; exit 1; }

built="$(find "$work/build" -type f -name llama-server -perm -u+x | head -1)"
mkdir -p "$work/out"
cp "$built" "$work/out/llama-server"
seconds=$(($(date +%s) - started))
cat >"$work/out/build.json" <<JSON
{ "tag": "$tag", "commit": "$commit", "flavour": "$flavour", "jobs": $jobs, "seconds": $seconds, "cores": $(nproc), "builtAt": "$(date -u +%Y-%m-%dT%H:%M:%SZ)" }
JSON
rm -rf "$target"
mv "$work/out" "$target"
echo "build-llama-server: built in ${seconds} s" >&2
echo "$binary"
