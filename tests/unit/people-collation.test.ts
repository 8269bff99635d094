import { describe, expect, it } from "vitest";
import { sortByName } from "~/platform/i18n/format";
import { trendsPeopleInOrder } from "~/features/performance-trends/people-order";

/**
 * Issue 28 / ADR 0096: lists of people in the reader's collation (pinyin in zh-CN). The server reads them in the
 * database's byte order (张 U+5F20 before 李 U+674E before 王 U+738B); the reader sees Li, Wang, Zhang in Chinese (Chinese's
 * collation puts Han names before Latin ones).
 */
const people = [
  { name: "张伟", email: "zhang@x" },
  { name: "李娜", email: "li@x" },
  { name: "Anna", email: "anna@x" },
  { name: "王芳", email: "wang@x" },
];

describe("people by name in the reader's language", () => {
  it("orders Chinese names by pinyin in zh-CN, keeping the server's order for equal names", () => {
    expect(sortByName(people, "zh-CN", (p) => p.name).map((p) => p.name)).toEqual(["李娜", "王芳", "张伟", "Anna"]);
    const twins = [
      { name: "李娜", email: "b@x" },
      { name: "李娜", email: "a@x" },
    ];
    expect(sortByName(twins, "zh-CN", (p) => p.name).map((p) => p.email)).toEqual(["b@x", "a@x"]);
  });

  it("the Performance Trends picker: the viewer first, then direct, then secondary reports, each by name", () => {
    const picker = [
      { name: "Me", relation: "self" },
      { name: "张伟", relation: "direct_report" },
      { name: "李娜", relation: "direct_report" },
      { name: "王芳", relation: "secondary_report" },
      { name: "Anna", relation: "secondary_report" },
    ];
    expect(trendsPeopleInOrder(picker, "zh-CN").map((p) => p.name)).toEqual(["Me", "李娜", "张伟", "王芳", "Anna"]);
    expect(trendsPeopleInOrder(picker, "en").map((p) => p.relation)).toEqual(["self", "direct_report", "direct_report", "secondary_report", "secondary_report"]);
  });
});
