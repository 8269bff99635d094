import { describe, expect, it } from "vitest";
import { isPreferredLanguage, resolveLanguage, resolveTimeZone } from "~/platform/i18n/preferences";
import { recipientReader } from "~/platform/i18n/recipient.server";
import { readUserResource, userResource, type ScimUserRow } from "~/features/scim/user-resource";
import { USER_SCHEMA } from "~/features/scim/protocol";

/** Issue 28 / ADR 0096: the directory's (SCIM) preferredLanguage and timezone come after the person's own choice. */
describe("the reader's language: own choice → directory → browser → en", () => {
  it("takes the directory's language over the browser's, the person's own over the directory's", () => {
    expect(resolveLanguage({ chosen: null, directory: "zh-CN", acceptLanguage: "en-US" })).toBe("zh-CN");
    expect(resolveLanguage({ chosen: "en", directory: "zh-CN", acceptLanguage: "zh-CN" })).toBe("en");
    expect(resolveLanguage({ chosen: null, directory: "en-US", acceptLanguage: "zh-CN" })).toBe("en");
    expect(resolveLanguage({ searchLanguage: "en-XA", chosen: null, directory: "zh-CN" })).toBe("en-XA");
  });

  it("reads the directory's value as an Accept-Language list and skips it when it names no supported language", () => {
    expect(resolveLanguage({ chosen: null, directory: "fr-FR, zh-Hans;q=0.5", acceptLanguage: "en" })).toBe("zh-CN");
    expect(resolveLanguage({ chosen: null, directory: "fr-FR", acceptLanguage: "zh-CN" })).toBe("zh-CN");
    expect(resolveLanguage({ chosen: null, directory: "de", acceptLanguage: null })).toBe("en");
  });

  it("takes the person's zone, else the directory's, else the browser's, else the company's", () => {
    expect(resolveTimeZone({ chosen: "Europe/Berlin", directory: "Asia/Shanghai", browser: "America/New_York", companyDefault: "UTC" })).toBe("Europe/Berlin");
    expect(resolveTimeZone({ chosen: null, directory: "Asia/Shanghai", browser: "America/New_York", companyDefault: "UTC" })).toBe("Asia/Shanghai");
    expect(resolveTimeZone({ chosen: null, directory: "Mars/Olympus", browser: "America/New_York", companyDefault: "UTC" })).toBe("America/New_York");
    expect(resolveTimeZone({ chosen: null, directory: null, browser: null, companyDefault: "Europe/Paris" })).toBe("Europe/Paris");
  });

  it("gives an email's recipient their own language, else the directory's, else en (no browser)", () => {
    expect(recipientReader({ locale: null, timeZone: null, scimPreferredLanguage: "zh-CN", scimTimeZone: "Asia/Shanghai" })).toEqual({ language: "zh-CN", timeZone: "Asia/Shanghai" });
    expect(recipientReader({ locale: "en", timeZone: "Europe/Berlin", scimPreferredLanguage: "zh-CN", scimTimeZone: "Asia/Shanghai" })).toEqual({ language: "en", timeZone: "Europe/Berlin" });
    expect(recipientReader({ locale: null, timeZone: null, scimPreferredLanguage: "ja-JP", scimTimeZone: null }).language).toBe("en");
    expect(recipientReader({ locale: null, timeZone: null }).language).toBe("en");
  });
});

describe("SCIM preferredLanguage and timezone", () => {
  it("accepts BCP 47 tags and Accept-Language lists of them, and nothing else", () => {
    for (const ok of ["en", "zh-CN", "en-US", "zh-Hans-CN", "sr-Latn-RS", "zh-CN, en;q=0.8", "de-CH,de;q=0.9,en;q=0.8"]) expect(isPreferredLanguage(ok), ok).toBe(true);
    for (const bad of ["", "en_US", "*", "english!", "zh-CN;q=2", "123", "a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q-r-s-t-u-v-w-x-y-z-".repeat(10), "de-419-DE-x"]) {
      expect(isPreferredLanguage(bad), bad).toBe(false);
    }
  });

  const body = (extra: Record<string, unknown>) => ({ schemas: [USER_SCHEMA], userName: "li@acme.example.com", emails: [{ value: "li@acme.example.com" }], ...extra });

  it("reads both from a resource (the zone in the runtime's spelling) and refuses bad values as invalidValue", () => {
    const input = readUserResource(body({ preferredLanguage: " zh-CN ", timezone: "asia/shanghai" }));
    expect(input.preferredLanguage).toBe("zh-CN");
    expect(input.timezone).toBe("Asia/Shanghai");
    expect(readUserResource(body({})).preferredLanguage).toBeNull();
    expect(() => readUserResource(body({ preferredLanguage: "en_US" }))).toThrow(expect.objectContaining({ status: 400, scimType: "invalidValue" }));
    expect(() => readUserResource(body({ timezone: "GMT+8" }))).toThrow(expect.objectContaining({ status: 400, scimType: "invalidValue" }));
    expect(() => readUserResource(body({ timezone: 8 }))).toThrow(expect.objectContaining({ status: 400, scimType: "invalidValue" }));
  });

  it("gives them back on the resource, and leaves them out when unset", () => {
    const row: ScimUserRow = {
      scimId: "abc",
      scimExternalId: null,
      scimUserName: "li@acme.example.com",
      scimGivenName: null,
      scimFamilyName: null,
      scimPreferredLanguage: "zh-CN",
      scimTimeZone: "Asia/Shanghai",
      email: "li@acme.example.com",
      name: "李娜",
      jobTitle: null,
      department: null,
      level: null,
      location: null,
      employeeNumber: null,
      active: true,
      createdAt: new Date(0),
      updatedAt: new Date(0),
      manager: null,
      secondaryManager: null,
      hrPartner: null,
    };
    const resource = userResource(row, "http://x/scim/v2") as Record<string, unknown>;
    expect(resource.preferredLanguage).toBe("zh-CN");
    expect(resource.timezone).toBe("Asia/Shanghai");
    const bare = userResource({ ...row, scimPreferredLanguage: null, scimTimeZone: null }, "http://x/scim/v2") as Record<string, unknown>;
    expect("preferredLanguage" in bare || "timezone" in bare).toBe(false);
  });
});
