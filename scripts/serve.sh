#!/usr/bin/env bash
# README command 1: provisions what is missing, builds the release bundle and serves it on
# http://127.0.0.1:${PORT:-8000}/ until interrupted.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
"$ROOT/scripts/build.sh"
exec python3 "$ROOT/scripts/serve.py" --dir "$ROOT/dist" --port "${PORT:-8000}"
