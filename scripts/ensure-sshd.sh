#!/bin/sh
# The syncer tests open SSH tunnels through a real OpenSSH server that each test starts on a
# loopback port with a configuration of its own (test-support/sshd.ts). Installs the server when
# missing, and creates the dedicated user the password-type tunnel signs in as.
set -eu
if [ ! -x /usr/sbin/sshd ]; then
  if [ "$(id -u)" != "0" ]; then
    echo "OpenSSH's server is missing: run 'sudo apt-get install -y openssh-server' and try again." >&2
    exit 1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends openssh-server >/dev/null 2>&1 || {
    apt-get update >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends openssh-server >/dev/null
  }
fi
# sshd refuses to start without its privilege separation directory.
mkdir -p /run/sshd
# The tunnel test's account (user and password known to test-support/sshd.ts); it only forwards ports.
if [ "$(id -u)" = "0" ] && ! id gatehouse-tunnel >/dev/null 2>&1; then
  useradd --create-home --shell /bin/sh gatehouse-tunnel
  echo 'gatehouse-tunnel:tunnel-test-password' | chpasswd
fi
