#!/bin/sh
# The browser tests drive Debian's Chromium (never a downloaded browser). Installs it when missing.
set -eu
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing: run 'sudo apt-get install -y chromium fonts-liberation' and try again." >&2
  exit 1
fi
echo "Installing Debian's Chromium for the browser tests..."
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-liberation >/dev/null 2>&1 || {
  apt-get update >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-liberation >/dev/null
}
/usr/bin/chromium --version
