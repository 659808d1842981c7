#!/usr/bin/env bash
# Shared set-up of ./run and ./test: install the missing Debian packages, configure, build.
# Sourced, not run: it leaves SC2_BUILD_DIR set for the caller.
set -euo pipefail

SC2_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SC2_PRESET="${SC2_PRESET:-release}"
SC2_BUILD_DIR="$SC2_ROOT/build/$SC2_PRESET"

install_missing_packages() {
  local wanted missing=()
  wanted=$(grep -v '^\s*#' "$SC2_ROOT/tools/debian-packages.txt" | awk 'NF{print $1}')
  for pkg in $wanted; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
      missing+=("$pkg")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing missing Debian packages: ${missing[*]}"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "error: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
  fi
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
}

configure_and_build() {
  cd "$SC2_ROOT"
  cmake --preset "$SC2_PRESET" >/dev/null
  cmake --build --preset "$SC2_PRESET"
}

install_missing_packages
configure_and_build
