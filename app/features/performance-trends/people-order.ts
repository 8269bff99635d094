import { sortByName } from "~/platform/i18n/format";

/**
 * The Performance Trends people picker in the reader's collation (issue 28; pinyin for zh-CN): the viewer first, then
 * their direct reports, then their secondary reports, each group ordered by name (stable: the server's email order
 * breaks ties). PURE.
 */
export function trendsPeopleInOrder<T extends { relation: string; name: string }>(people: readonly T[], language: string): T[] {
  const groups: string[] = [];
  for (const p of people) if (!groups.includes(p.relation)) groups.push(p.relation);
  return groups.flatMap((g) => sortByName(people.filter((p) => p.relation === g), language, (p) => p.name));
}
