#!/bin/sh
# The LDAP tests run a real OpenLDAP slapd of their own on a loopback port (Debian's slapd and
# ldap-utils; packages/server/src/test-support/slapd.ts starts it with a temporary configuration and
# database). Installs the packages when missing; the service the package sets up is not used.
set -eu
if [ -x /usr/sbin/slapd ] && command -v ldapadd >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "slapd is missing: run 'sudo apt-get install -y slapd ldap-utils' and try again." >&2
  exit 1
fi
echo "Installing OpenLDAP (slapd, ldap-utils) for the LDAP tests..."
install() {
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends slapd ldap-utils >/dev/null 2>&1
}
install || {
  apt-get update >/dev/null
  install
}
/usr/sbin/slapd -VV 2>&1 | head -n 1
