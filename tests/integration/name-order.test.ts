/**
 * Issue 28: lists the server pages order people's names in the reader's collation
 * (docs/decisions/0101-name-order-in-the-readers-collation.md): the stored sort keys of "User" ("nameKeyEn",
 * "nameKeyZh", computed by PostgreSQL from the name) give, compared as bytes, the order the pages' own sorting gives
 * (app/platform/i18n/format.ts sortByName, Intl.Collator): pinyin for zh-CN, the root order for en and en-XA. Runs
 * on PGlite and on PostgreSQL (TEST_DB=postgres); neither has ICU's Chinese collation data in SQL on PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { sqlRows } from "~/platform/sql.server";
import { nameKeyLanguage, nameKeyOrder, nameKeySql } from "~/platform/db/name-order.server";
import { sortByName } from "~/platform/i18n/format";

const TAG = `nameorder${Date.now()}`;
const NAMES = [
  "张伟", "李娜", "安娜", "Łukasz Żółć", "adam", "Zoe", "Émile", "Adam", "emile", "User 10", "User 9", "User 010",
  "王芳", "阿强", "O'Brien", "Obi", "Ωmega", "Борис", "Ängel", "Zoë", "Ann Lee", "Anna", "Straße", "Strasse", "Æsa",
  "陈静 Chen", "Chen 陈静", "żaneta", "Zenon", "张三丰", "张", "李", "Li Na", "lina", "刘洋2", "刘洋10",
];

let ids: number[] = [];

/** The test's users by the stored key of `language`, ties by email (the lists' own tie-break). */
async function orderedBySql(language: string): Promise<string[]> {
  const rows = await sqlRows<{ name: string }>(
    "test.name-order",
    `SELECT u.name FROM "User" u WHERE u.id = ANY($1::int[]) ORDER BY ${nameKeySql("u", "$2")}, u.email`,
    [ids, nameKeyLanguage(language)],
  );
  return rows.map((r) => r.name);
}

/** The page's order: sortByName (stable) of the list in the tie-break's order. */
function orderedByPage(language: string): string[] {
  const byEmail = NAMES.map((name, i) => ({ name, email: `${TAG}.${String(i).padStart(2, "0")}@example.com` })).sort((a, b) => (a.email < b.email ? -1 : 1));
  return sortByName(byEmail, language, (p) => p.name).map((p) => p.name);
}

beforeAll(async () => {
  const db = await getDb();
  await db.user.createMany({ data: NAMES.map((name, i) => ({ name, email: `${TAG}.${String(i).padStart(2, "0")}@example.com` })) });
  ids = (await db.user.findMany({ where: { email: { startsWith: `${TAG}.` } }, select: { id: true } })).map((u) => u.id);
});
afterAll(async () => {
  const db = await getDb();
  await db.user.deleteMany({ where: { id: { in: ids } } });
});

describe("names in the reader's collation, in SQL", () => {
  it("orders as Intl.Collator does for zh-CN (pinyin, Han first), en and en-XA", async () => {
    for (const language of ["zh-CN", "en", "en-XA"]) expect(await orderedBySql(language), language).toEqual(orderedByPage(language));
    const zh = await orderedBySql("zh-CN");
    expect(zh.slice(0, 4)).toEqual(["阿强", "安娜", "陈静 Chen", "李"]);
    expect(zh.indexOf("User 9")).toBeLessThan(zh.indexOf("User 10"));
    const en = await orderedBySql("en");
    expect(en.indexOf("Łukasz Żółć")).toBeLessThan(en.indexOf("User 9"));
    expect(en.indexOf("Zoe")).toBeLessThan(en.indexOf("安娜"));
  });

  it("keeps the keys up to date when a name changes, and the tagged form orders the same", async () => {
    const db = await getDb();
    const zhang = await db.user.findFirstOrThrow({ where: { email: { startsWith: `${TAG}.` }, name: "张伟" } });
    await db.user.update({ where: { id: zhang.id }, data: { name: "Aaron" } });
    const rows = await db.$queryRaw<Array<{ name: string }>>`SELECT u.name FROM "User" u WHERE u.id = ANY(${ids}::int[]) ORDER BY ${nameKeyOrder("u", "zh-CN")}, u.email`;
    const zh = rows.map((r) => r.name);
    expect(zh.indexOf("Aaron")).toBeLessThan(zh.indexOf("adam"));
    expect(zh.indexOf("Aaron")).toBeGreaterThan(zh.indexOf("张三丰"));
    await db.user.update({ where: { id: zhang.id }, data: { name: "张伟" } });
    expect(await orderedBySql("zh-CN")).toEqual(orderedByPage("zh-CN"));
  });

  it("refuses an alias or a parameter that is not one", () => {
    expect(() => nameKeySql("u; DROP", "$1")).toThrow();
    expect(() => nameKeySql("u", "1")).toThrow();
    expect(nameKeyLanguage("zh-CN")).toBe("zh");
    expect(nameKeyLanguage("zh")).toBe("zh");
    expect(nameKeyLanguage("en-XA")).toBe("en");
    expect(nameKeyLanguage(null)).toBe("en");
  });
});
