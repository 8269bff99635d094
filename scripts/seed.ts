// `npm run db:seed`: seed the demo company into an empty database (DATABASE_URL or the default PGlite folder).
import { createDb } from "~/platform/db.server";
import { seedDemoData } from "../prisma/seed";

const { db, close } = await createDb();
const seeded = await seedDemoData(db);
console.log(seeded ? "Seeded the demo company." : "The database already has users; nothing seeded.");
await close();
process.exit(0);
