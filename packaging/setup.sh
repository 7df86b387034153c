#!/usr/bin/env bash
# Set up a fresh clone: the Debian libraries Qt needs (installed when run as root, named in
# one apt-get line otherwise), then .venv with Tabletop and its test tools. Safe to rerun:
# it installs only what is missing or what pyproject.toml changed.
set -euo pipefail
cd "$(dirname "$0")/.."

debs=(libegl1 libgl1 libfontconfig1 libglib2.0-0 libxkbcommon0 libdbus-1-3
      libxkbcommon-x11-0 libx11-xcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
      libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-xinerama0 libxcb-xkb1
      poppler-utils  # pdftoppm: the poster tests look at every page as a picture
      chromium)  # tests/share: the players' page in a real browser, driven by Playwright (no browser download)
if command -v dpkg-query >/dev/null; then
  missing=()
  for deb in "${debs[@]}"; do
    dpkg-query -W -f='${Status}' "$deb" 2>/dev/null | grep -q "ok installed" || missing+=("$deb")
  done
  if (( ${#missing[@]} )); then
    if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
      echo "setup: installing Debian packages for Qt: ${missing[*]}"
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
      echo "setup: Qt needs Debian packages; install them with:" >&2
      echo "  sudo apt-get install -y ${missing[*]}" >&2
    fi
  fi
fi

python=${PYTHON:-python3}
[[ -x .venv/bin/python ]] || "$python" -m venv .venv
stamp=.venv/.tabletop-installed
if [[ ! -f $stamp || pyproject.toml -nt $stamp ]]; then
  echo "setup: installing Tabletop and its test tools into .venv"
  # setuptools as pyproject.toml's build-system wants it, so `pip wheel --no-build-isolation` builds here too.
  .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip 'setuptools>=77'
  .venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'
  touch "$stamp"
fi
