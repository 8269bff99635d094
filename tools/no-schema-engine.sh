#!/bin/sh
echo "The native Prisma schema engine is not used in this project: use the npm db:* scripts (scripts/db.ts)." >&2
exit 1
