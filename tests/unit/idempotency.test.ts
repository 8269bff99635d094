import { describe, expect, it } from "vitest";
import { idempotencyScope, invalidKeyReason, requestHash } from "~/platform/idempotency";

/** Which requests run once, and when two are the same (app/platform/idempotency.ts; ADR 0045). */
const headers = (h: Record<string, string>) => ({ get: (name: string) => h[name.toLowerCase()] ?? null });

describe("idempotencyScope", () => {
  it("takes API mutations with an Idempotency-Key, and signed-in page form submissions", () => {
    const key = headers({ "idempotency-key": "k1" });
    for (const m of ["POST", "PUT", "PATCH", "DELETE", "post"]) expect(idempotencyScope(m, "/api/v1/realtime_feedbacks", key)).toBe("api");
    expect(idempotencyScope("GET", "/api/v1/realtime_feedbacks", key)).toBeNull();
    expect(idempotencyScope("POST", "/api/v1/realtime_feedbacks", headers({}))).toBeNull();
    expect(idempotencyScope("POST", "/app/anytime-feedback.data", headers({ cookie: "__pmr_session=x" }))).toBe("form");
    expect(idempotencyScope("POST", "/app/anytime-feedback.data", headers({}))).toBeNull();
    expect(idempotencyScope("GET", "/app/anytime-feedback.data", headers({ cookie: "a=b" }))).toBeNull();
    // The document POST of a browser without scripts, and the sign-in, pass through.
    expect(idempotencyScope("POST", "/app/anytime-feedback", headers({ cookie: "a=b" }))).toBeNull();
    expect(idempotencyScope("POST", "/auth/google.data", headers({ cookie: "a=b" }))).toBeNull();
  });
});

describe("invalidKeyReason", () => {
  it("accepts 1-255 visible ASCII characters", () => {
    expect(invalidKeyReason("6f1c3e1e-7a51-4d2e-9a43-5d9a3c9e2b10")).toBeNull();
    expect(invalidKeyReason("x".repeat(255))).toBeNull();
    expect(invalidKeyReason("")).toMatch(/empty/);
    expect(invalidKeyReason("x".repeat(256))).toMatch(/longer/);
    expect(invalidKeyReason("a b")).toMatch(/visible ASCII/);
    expect(invalidKeyReason("clé")).toMatch(/visible ASCII/);
  });
});

describe("requestHash", () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it("differs by method, path, query and body", () => {
    const base = requestHash("POST", "/a", "application/json", bytes("{}"));
    expect(requestHash("post", "/a", "application/json", bytes("{}"))).toBe(base);
    expect(requestHash("PUT", "/a", "application/json", bytes("{}"))).not.toBe(base);
    expect(requestHash("POST", "/b", "application/json", bytes("{}"))).not.toBe(base);
    expect(requestHash("POST", "/a?x=1", "application/json", bytes("{}"))).not.toBe(base);
    expect(requestHash("POST", "/a", "application/json", bytes('{"a":1}'))).not.toBe(base);
  });

  it("leaves out a multipart body's boundary, which is new for every submission", () => {
    const part = (b: string, value: string) => bytes(`--${b}\r\nContent-Disposition: form-data; name="f"\r\n\r\n${value}\r\n--${b}--\r\n`);
    const one = requestHash("POST", "/u", "multipart/form-data; boundary=AaB03x", part("AaB03x", "v"));
    expect(requestHash("POST", "/u", 'multipart/form-data; boundary="zz9"', part("zz9", "v"))).toBe(one);
    expect(requestHash("POST", "/u", "multipart/form-data; boundary=zz9", part("zz9", "w"))).not.toBe(one);
  });

  it("hashes binary bodies byte for byte", () => {
    const a = new Uint8Array([0xff, 0x00, 0x80]);
    const b = new Uint8Array([0xff, 0x00, 0x81]);
    expect(requestHash("POST", "/u", "application/octet-stream", a)).not.toBe(requestHash("POST", "/u", "application/octet-stream", b));
  });
});
