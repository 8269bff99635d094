import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_LOGIN, safeRedirectPath } from "~/features/auth/rules";

describe("safeRedirectPath (redirectTo of the sign-in flow)", () => {
  it("keeps same-origin paths with their query and hash", () => {
    expect(safeRedirectPath("/app/admin/cycles")).toBe("/app/admin/cycles");
    expect(safeRedirectPath("/app/admin/cycles?x=1&cycle_id=3")).toBe("/app/admin/cycles?x=1&cycle_id=3");
    expect(safeRedirectPath("/app/home#top")).toBe("/app/home#top");
    expect(safeRedirectPath("/")).toBe("/");
  });

  it("normalises dot segments without leaving the site", () => {
    expect(safeRedirectPath("/app/../app/home")).toBe("/app/home");
    expect(safeRedirectPath("/../../etc")).toBe("/etc");
  });

  it.each([
    ["protocol-relative", "//evil.example.com"],
    ["protocol-relative with path", "//evil.example.com/app/home"],
    ["absolute http", "http://evil.example.com/app/home"],
    ["absolute https", "https://evil.example.com"],
    ["javascript:", "javascript:alert(1)"],
    ["data:", "data:text/html,hi"],
    ["backslash", "/\\evil.example.com"],
    ["backslash later", "/app\\..\\..\\evil"],
    ["tab", "/\t/evil.example.com"],
    ["newline", "/\n/evil.example.com"],
    ["relative", "app/home"],
    ["empty", ""],
    ["encoded protocol-relative is just a path", "/%2F%2Fevil.example.com"],
  ])("rejects %s", (_label, value) => {
    const result = safeRedirectPath(value);
    expect(result.startsWith("/")).toBe(true);
    expect(result.startsWith("//")).toBe(false);
    if (value !== "/%2F%2Fevil.example.com") expect(result).toBe(DEFAULT_AFTER_LOGIN);
    else expect(result).toBe("/%2F%2Fevil.example.com"); // stays on this site: a path segment, not a host
  });

  it("never sends the user back to login, logout or the auth endpoints", () => {
    expect(safeRedirectPath("/app/login?out=true")).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeRedirectPath("/app/logout")).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeRedirectPath("/auth/google/callback?code=x")).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeRedirectPath("/app/loginx")).toBe("/app/loginx");
  });

  it("uses the given fallback and ignores non-strings", () => {
    expect(safeRedirectPath(undefined, "/app/x")).toBe("/app/x");
    expect(safeRedirectPath(null)).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeRedirectPath(["/app/home"])).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeRedirectPath("/" + "a".repeat(3000))).toBe(DEFAULT_AFTER_LOGIN);
  });
});
