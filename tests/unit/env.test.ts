import { describe, expect, it } from "vitest";
import { readEnv, REQUIRED_IN_PRODUCTION } from "~/platform/env.server";

const full = {
  APP_ENV: "production",
  DATABASE_URL: "postgresql://app:app@db:5432/app",
  TEMPORAL_ADDRESS: "temporal:7233",
  TEMPORAL_NAMESPACE: "pmr",
  SESSION_SECRET: "x".repeat(40),
  APP_URL: "https://pmr.example.com",
  GOOGLE_CLIENT_ID: "g",
  GOOGLE_CLIENT_SECRET: "gs",
  LARK_CLIENT_ID: "l",
  LARK_CLIENT_SECRET: "ls",
};

describe("production settings", () => {
  it("starts with every setting", () => {
    expect(readEnv(full).isProduction).toBe(true);
  });

  it.each(REQUIRED_IN_PRODUCTION)("refuses to start without %s", (key) => {
    const source: Record<string, string> = { ...full };
    delete source[key];
    expect(() => readEnv(source)).toThrow(new RegExp(`missing ${key}`));
  });

  it("refuses a short session secret", () => {
    expect(() => readEnv({ ...full, SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
  });

  it("NODE_ENV=production counts as production unless APP_ENV says otherwise", () => {
    expect(() => readEnv({ NODE_ENV: "production" })).toThrow(/Refusing to start in production/);
    expect(readEnv({ NODE_ENV: "production", APP_ENV: "test" }).isProduction).toBe(false);
  });

  it("development needs no secrets", () => {
    expect(readEnv({}).isProduction).toBe(false);
  });
});
