import { z } from "zod";
import { isTimeZone } from "~/platform/i18n/preferences";

/** A DNS name of two or more labels (letters, digits, inner hyphens; IDNs in their xn-- form), e.g. example.com. */
const EMAIL_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Runtime settings, read once from the environment.
 * APP_ENV decides production behaviour (falls back to NODE_ENV): in production every
 * secret is required and the local sign-in provider is never enabled.
 */
const schema = z.object({
  APP_ENV: z.enum(["production", "development", "test"]).optional(),
  NODE_ENV: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  TEMPORAL_ADDRESS: z.string().default("127.0.0.1:7233"),
  TEMPORAL_NAMESPACE: z.string().default("default"),
  TEMPORAL_TASK_QUEUE: z.string().default("pmr"),
  TEMPORAL_UI_URL: z.string().optional(),
  /** A prebuilt workflow bundle (scripts/bundle-workflows.ts): the worker starts without bundling workflows/. */
  TEMPORAL_WORKFLOW_BUNDLE: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
  APP_URL: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().optional(),
  LARK_CLIENT_ID: z.string().optional(),
  LARK_CLIENT_SECRET: z.string().optional(),
  LARK_BASE_URL: z.string().optional(),
  LARK_AUTHORIZE_URL: z.string().optional(),
  DEV_OIDC_URL: z.string().optional(),
  GA_GTAG_ID: z.string().optional(),
  SENTRY_DSN: z.string().optional(),
  DEPLOYMENT_ENVIRONMENT: z.string().optional(),
  /**
   * Rate limits (docs/decisions/0041-hardening.md): requests per client address in each window of
   * RATE_LIMIT_WINDOW_SECONDS to the sign-in (/auth/*), to token creation and to uploads; above it 429 with Retry-After.
   */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_TOKENS: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_UPLOADS: z.coerce.number().int().positive().default(20),
  /**
   * The company's time zone (IANA name): what pages show times in for a person who has chosen none and whose browser
   * has not said its own yet (docs/decisions/0077-language-and-time-zone-per-person.md).
   */
  APP_TIME_ZONE: z
    .string()
    .default("UTC")
    .refine(isTimeZone, { message: "APP_TIME_ZONE: not an IANA time zone (e.g. UTC, Europe/Berlin, Asia/Shanghai)" }),
  /** Express's "trust proxy" behind a reverse proxy (e.g. `1` or `loopback`): the client address then comes from X-Forwarded-For. */
  TRUST_PROXY: z.string().optional(),
  /**
   * Email domains whose people are created as employees at their first sign-in (`example.com,example.org`; off when
   * unset; docs/decisions/0054-scim-tokens-sso-domains-directory-populate.md). Lower-cased; exact domains only.
   */
  SSO_ALLOWED_DOMAINS: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const domains = [...new Set((raw ?? "").split(",").map((d) => d.trim().toLowerCase()).filter(Boolean))];
      const bad = domains.filter((d) => !EMAIL_DOMAIN.test(d) || d.length > 253);
      if (bad.length) ctx.addIssue({ code: "custom", message: `SSO_ALLOWED_DOMAINS: not a domain name: ${bad.join(", ")}` });
      return domains;
    }),
});

export type Env = z.infer<typeof schema> & { isProduction: boolean };

export const REQUIRED_IN_PRODUCTION = [
  "DATABASE_URL",
  "TEMPORAL_ADDRESS",
  "TEMPORAL_NAMESPACE",
  "SESSION_SECRET",
  "APP_URL",
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "LARK_CLIENT_ID",
  "LARK_CLIENT_SECRET",
] as const;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.parse(source);
  const isProduction = (parsed.APP_ENV ?? (parsed.NODE_ENV === "production" ? "production" : "development")) === "production";
  if (isProduction) {
    const missing = REQUIRED_IN_PRODUCTION.filter((k) => !source[k]);
    if (missing.length > 0) {
      throw new Error(`Refusing to start in production: missing ${missing.join(", ")}`);
    }
    if ((source.SESSION_SECRET ?? "").length < 32) {
      throw new Error("Refusing to start in production: SESSION_SECRET must be at least 32 characters");
    }
  }
  return { ...parsed, isProduction };
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= readEnv();
  return cached;
}
