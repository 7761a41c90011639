#!/bin/sh
# The API suites run against PostgreSQL (127.0.0.1:5432) and MariaDB (127.0.0.1:3306) as well as
# SQLite (see GATEHOUSE_TEST_DATABASES). Starts the servers when they are installed but not
# running, and fails clearly when one that is needed cannot be reached.
set -eu
engines="${GATEHOUSE_TEST_DATABASES:-sqlite,postgres,mysql}"
need_pg=0; need_my=0
case "$engines" in *postgres*) need_pg=1 ;; esac
case "$engines" in *mysql*) need_my=1 ;; esac

pg_up() { pg_isready -h 127.0.0.1 -p 5432 >/dev/null 2>&1; }
my_up() { mysqladmin -h 127.0.0.1 -u root status >/dev/null 2>&1; }

if [ $need_pg = 1 ] && ! pg_up && command -v pg_ctlcluster >/dev/null 2>&1; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
fi
if [ $need_my = 1 ] && ! my_up && [ -x /usr/sbin/mariadbd ]; then
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd || true
fi
# Redis (127.0.0.1:6379) serves the authorization watcher's tests.
if ! redis-cli -h 127.0.0.1 ping >/dev/null 2>&1 && command -v redis-server >/dev/null 2>&1; then
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null || true
fi
# OpenSSH's server serves the syncers' SSH tunnel tests (each test starts its own on loopback).
sh "$(dirname "$0")/ensure-sshd.sh"
# OpenLDAP's slapd serves the LDAP tests (each suite starts its own on a loopback port).
sh "$(dirname "$0")/ensure-slapd.sh"
i=0
while [ $i -lt 30 ]; do
  ok=1
  if [ $need_pg = 1 ] && ! pg_up; then ok=0; fi
  if [ $need_my = 1 ] && ! my_up; then ok=0; fi
  [ $ok = 1 ] && exit 0
  i=$((i + 1))
  sleep 1
done
echo "PostgreSQL or MariaDB is not reachable on 127.0.0.1; run with GATEHOUSE_TEST_DATABASES=sqlite to test on SQLite only." >&2
exit 1
