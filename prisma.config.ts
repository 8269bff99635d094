import { fileURLToPath } from "node:url";
import { defineConfig } from "prisma/config";

// Prisma's CLI looks for a native schema engine on every command and would try to
// download it. Migrations run through scripts/db.ts (the Wasm schema engine), so the
// lookup is pointed at a stub that fails loudly. See docs/decisions/0002-prisma-offline-migrations.md.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(new URL("./tools/no-schema-engine.sh", import.meta.url));
process.env.CHECKPOINT_DISABLE ??= "1";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
