#!/usr/bin/env bash
# CPU seconds (user + system) that PostgreSQL's backends spent on one database while a process runs (ADR 152's seed
# measurements): samples /proc/<backend>/stat every second, keeps each backend's last reading (backends come and go),
# and prints the sum when the watched process has ended.
#   scripts/pg-backend-cpu.sh <database> <pid to wait for> [psql connection options]
set -euo pipefail
db="$1"
watched="$2"
shift 2
conn=("$@")
[ ${#conn[@]} -eq 0 ] && conn=(-h 127.0.0.1 -U postgres)
ticks=$(getconf CLK_TCK)
declare -A last
while kill -0 "$watched" 2>/dev/null; do
  for pid in $(psql "${conn[@]}" -d postgres -Atc "SELECT pid FROM pg_stat_activity WHERE datname = '$db'" 2>/dev/null); do
    if stat=$(cat "/proc/$pid/stat" 2>/dev/null); then
      # Fields 14 and 15 (utime, stime), counted after the command name's closing parenthesis.
      rest=${stat##*) }
      read -r -a f <<<"$rest"
      last[$pid]=$((f[11] + f[12]))
    fi
  done
  sleep 1
done
total=0
for pid in "${!last[@]}"; do total=$((total + last[$pid])); done
echo "postgres backends on $db: $(awk -v t="$total" -v h="$ticks" 'BEGIN { printf "%.1f", t / h }') s CPU (${#last[@]} backends)"
