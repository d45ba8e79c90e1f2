#!/usr/bin/env bash
# Says on stderr why sessions failed, from their progress logs (`jdkmatrix run --progress lines > X.log`):
# each run that did not end ok, with the last lines of its own log, or the session's last lines where
# no run failed (the session itself did). For make targets that run sessions in the background and
# would otherwise only say that one failed (a CI run prints no file it leaves behind).
#   failed-runs.sh LOG:FOLDER...   (FOLDER: that session's results folder)
set -uo pipefail
for pair in "$@"; do
  log=${pair%%:*} folder=${pair#*:}
  [[ -f $log ]] || { echo "failed-runs: no log $log" >&2; continue; }
  bad=$(grep -E '^\[[0-9]+/[0-9]+\] +(error|timeout|oom|invalid) ' "$log")
  if [[ -z $bad ]]; then
    echo "--- $log: no run failed; its last lines:" >&2
    tail -n 15 "$log" >&2
    continue
  fi
  while IFS= read -r line; do
    echo "--- $log: $line" >&2
    runlog=$(sed -n 's/.*output in \(logs\/[^ ;]*\.log\).*/\1/p' <<<"$line")
    if [[ -n $runlog && -f $folder/$runlog ]]; then
      echo "    the last lines of $folder/$runlog:" >&2
      tail -n 25 "$folder/$runlog" | sed 's/^/    /' >&2
    fi
  done <<<"$bad"
done
