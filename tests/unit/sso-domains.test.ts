import { describe, expect, it } from "vitest";
import { readEnv } from "~/platform/env.server";
import { emailDomainAllowed, signInDisplayName } from "~/features/auth/rules";

describe("SSO_ALLOWED_DOMAINS in the settings", () => {
  it("is off (no domain) when unset or blank", () => {
    expect(readEnv({}).SSO_ALLOWED_DOMAINS).toEqual([]);
    expect(readEnv({ SSO_ALLOWED_DOMAINS: " , " }).SSO_ALLOWED_DOMAINS).toEqual([]);
  });

  it("is a list of lower-cased domains without repeats", () => {
    expect(readEnv({ SSO_ALLOWED_DOMAINS: " Example.com,example.COM , xn--bcher-kva.example,a-b.co.uk" }).SSO_ALLOWED_DOMAINS).toEqual([
      "example.com",
      "xn--bcher-kva.example",
      "a-b.co.uk",
    ]);
  });

  it.each(["localhost", "@example.com", "*.example.com", "exa mple.com", "-x.example.com", "example.com.", "http://example.com", "x".repeat(64) + ".com", "example.123"])(
    "refuses to start with %j",
    (bad) => {
      expect(() => readEnv({ SSO_ALLOWED_DOMAINS: `example.com,${bad}` })).toThrow(/SSO_ALLOWED_DOMAINS: not a domain name/);
    },
  );
});

describe("emailDomainAllowed", () => {
  const domains = ["example.com", "corp.example.org"];
  it("admits the exact domains, in any case", () => {
    expect(emailDomainAllowed("ana@example.com", domains)).toBe(true);
    expect(emailDomainAllowed("Ana@EXAMPLE.com", domains)).toBe(true);
    expect(emailDomainAllowed("li@corp.example.org", domains)).toBe(true);
  });
  it("refuses other domains, subdomains, parents, look-alikes and no domain at all", () => {
    for (const email of ["ana@eng.example.com", "ana@example.org", "ana@example.com.evil.io", "ana@notexample.com", "example.com", "@example.com", "ana@"]) {
      expect(emailDomainAllowed(email, domains), email).toBe(false);
    }
    expect(emailDomainAllowed("ana@example.com", [])).toBe(false);
  });
});

describe("signInDisplayName", () => {
  it("takes the provider's name, else the address's local part", () => {
    expect(signInDisplayName("ana.lima@example.com", "  Ana   Lima ", 200)).toBe("Ana Lima");
    expect(signInDisplayName("ana.lima@example.com", null, 200)).toBe("Ana Lima");
    expect(signInDisplayName("li_wei+hr@example.com", "", 200)).toBe("Li Wei Hr");
    expect(signInDisplayName("ana@example.com", "Ana\u0000\nLima", 200)).toBe("Ana Lima");
    expect(signInDisplayName("ana@example.com", "x".repeat(300), 200)).toHaveLength(200);
  });
});
