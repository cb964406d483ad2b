#!/usr/bin/env bash
# Regenerates every adapter's opcode table with the matching interpreter.
# Needs python3.8 ... python3.15 on PATH; a missing one is reported and skipped.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
status=0
for minor in 8 9 10 11 12 13 14 15; do
  if command -v "python3.$minor" >/dev/null 2>&1; then
    mkdir -p "$here/../cpython3$minor"
    "python3.$minor" "$here/opcode_table.py"
  else
    echo "python3.$minor not found: adapters/cpython3$minor/opcodes.rs left as it is" >&2
    status=1
  fi
done
exit $status
