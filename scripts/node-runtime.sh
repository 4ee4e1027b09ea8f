#!/usr/bin/env bash
# Prints the directory of a `node` binary of the given major (default: .nvmrc's), to put first on
# PATH: this shell's own node when it already is that major, else the npm registry's `node` package
# installed once into a cache directory (NODE_RUNTIME_DIR, default ~/.cache/lending-shell/node-<major>).
# The registry's package works where nvm and downloads from nodejs.org do not (these machines reach
# only the npm registry). It has no npm of its own: the machine's npm runs on whichever node is first
# on PATH. Used by scripts/test.sh (everything on .nvmrc's Node) and scripts/standalone-smoke.sh
# (the image's Node, the Dockerfile's major).
set -euo pipefail
cd "$(dirname "$0")/.."

major=${1:-$(tr -d 'v \n' <.nvmrc)}
major=${major%%.*}
[[ "$major" =~ ^[0-9]+$ ]] || { echo "node-runtime.sh: not a Node major: '$major'" >&2; exit 1; }

if command -v node >/dev/null 2>&1 && [ "$(node -p 'process.versions.node.split(".")[0]')" = "$major" ]; then
  dirname "$(command -v node)"
  exit 0
fi

dir=${NODE_RUNTIME_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/lending-shell/node-$major}
if [ ! -x "$dir/node_modules/.bin/node" ]; then
  echo "installing Node $major from the npm registry's node package into $dir" >&2
  # --prefix: the project's .npmrc (engine-strict) and package.json stay out of this install.
  npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "node@$major" >/dev/null
fi
echo "$dir/node_modules/.bin"
