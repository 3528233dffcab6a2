#!/usr/bin/env bash
# Source this file: it makes sure Node.js >= 24 is first on PATH in this shell.
# Machines that only have an older Node get the official binary from the npm registry
# (package node-<platform>-<arch>) in the ignored folder .node/, once (scripts/node24.mjs;
# npm start, npm test, npm run test:e2e and npm run dev do the same by themselves).
_ensure_node_dir="$(node "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/node24.mjs" --bin-dir)" || return 1 2>/dev/null || exit 1
if [ -n "$_ensure_node_dir" ]; then export PATH="$_ensure_node_dir:$PATH"; fi
unset _ensure_node_dir
echo "ensure-node: using node $(node -v) at $(command -v node)" >&2
