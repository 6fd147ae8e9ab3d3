#!/usr/bin/env bash
# The main job: installs what is missing, starts the Temporal dev server (unless TEMPORAL_ADDRESS
# points at one) and a worker running every role with the default local model, then plans and
# executes an instruction on the office scene, printing the plan (or why there is none) and the
# run's Temporal UI link. Usage: npm start [-- "instruction"]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/setup.sh"
cd "$root"
instruction=${1:-"Make Niko a coffee and place the mug on his desk."}
mkdir -p .data
if [ -z "${TEMPORAL_ADDRESS:-}" ]; then node apps/cli/dist/main.js server start; fi

# The simulated robot runs 20x faster than real time unless told otherwise.
export GROUNDPLAN_ROBOT_TIME_SCALE=${GROUNDPLAN_ROBOT_TIME_SCALE:-0.05}
log=.data/worker.log
# The robot keeps its belief between runs; GROUNDPLAN_ROBOT_ID names another (a fresh one starts
# from the scene, as the main-job benchmark does for each of its runs).
robot=${GROUNDPLAN_ROBOT_ID:-sim-1}
export GROUNDPLAN_ROBOT_ID=$robot
node apps/worker/dist/main.js --roles planner,llm,sim,robot --robot-id "$robot" >"$log" 2>&1 &
worker=$!
trap 'kill -TERM "$worker" 2>/dev/null; wait "$worker" 2>/dev/null || true' EXIT
for _ in $(seq 1 240); do
  grep -q '"worker ready"' "$log" && break
  if ! kill -0 "$worker" 2>/dev/null; then
    echo "groundplan: the worker did not start:" >&2
    tail -n 5 "$log" >&2
    exit 1
  fi
  sleep 0.5
done
grep -q '"worker ready"' "$log" || { echo "groundplan: the worker was not ready after 120 s (see $log)" >&2; exit 1; }

status=0
# The CLI picks the planner recommended for the configured model (the planner table in
# packages/workflows/src/planners.ts); GROUNDPLAN_PLANNER picks another.
node apps/cli/dist/main.js plan ${GROUNDPLAN_PLANNER:+--planner "$GROUNDPLAN_PLANNER"} --scene datasets/office.json "$instruction" || status=$?
echo "Worker log: $log. The dev server keeps running for the UI; stop it with: node apps/cli/dist/main.js server stop"
echo "The robot $robot keeps its belief between runs: node apps/cli/dist/main.js robot status $robot"
# 0: the robot carried out a verified plan. 2: no verified plan, or the robot could not execute it
# (the run says why); the job reports that as the failure it is.
exit "$status"
