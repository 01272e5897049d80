#!/usr/bin/env bash
# The programs the tests drive besides Node: Debian's chromium (the playground's browser tests, never a
# downloaded browser), redis-server (the cluster tests start their own on a free port), tmux (the terminal
# tests) and bash, zsh and fish (the completion tests). Installs what is missing with apt-get when run as
# root; otherwise says what to install and stops.
set -euo pipefail

missing=()
for tool in chromium redis-server tmux zsh fish; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "the tests need Debian's ${missing[*]}: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
echo "installing Debian's ${missing[*]} for the tests" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
