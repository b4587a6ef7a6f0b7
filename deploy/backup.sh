#!/usr/bin/env bash
# Back up Playboss Classroom: the database (pg_dump's custom format, restored with
# pg_restore) and MEDIA_ROOT (built reports) as a tar. Keeps the newest $KEEP of each.
# Reads DATABASE_URL and MEDIA_ROOT from the environment (/etc/playboss/env); writes into
# $BACKUP_DIR. Restoring: docs/deploy.md.
set -euo pipefail
: "${DATABASE_URL:?DATABASE_URL must be set (the env file)}"
BACKUP_DIR="${BACKUP_DIR:-/var/backups/playboss}"
KEEP="${KEEP:-14}"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
umask 077  # a dump holds every teacher's account and every game
mkdir -p "$BACKUP_DIR"
# pg_dump takes the URL as its connection string; the dump is consistent while games go on.
pg_dump --format=custom --no-owner --file "$BACKUP_DIR/playboss-$stamp.dump.partial" \
  --dbname "$DATABASE_URL"
mv "$BACKUP_DIR/playboss-$stamp.dump.partial" "$BACKUP_DIR/playboss-$stamp.dump"
if [[ -n "${MEDIA_ROOT:-}" && -d "$MEDIA_ROOT" ]]; then
  tar -czf "$BACKUP_DIR/media-$stamp.tar.gz" -C "$MEDIA_ROOT" .
fi
# Keep the newest $KEEP of each kind.
for kind in playboss media; do
  find "$BACKUP_DIR" -maxdepth 1 -name "$kind-*" -type f -printf '%f\n' | sort -r \
    | tail -n +"$((KEEP + 1))" | while read -r old; do rm -f -- "$BACKUP_DIR/$old"; done
done
echo "backup: $BACKUP_DIR/playboss-$stamp.dump"
