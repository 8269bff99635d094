/** Simplified Chinese (zh-CN): the same sections as English (locales/en/index.ts), each checked against it by type. */
import type { EnglishResources } from "~/platform/i18n/locales/en";
import type { Translation } from "~/platform/i18n/locales/types";
import frame from "./frame";
import home from "./home";
import feedback from "./feedback";
import summaries from "./summaries";
import preferences from "./preferences";

const zhCN: Translation<EnglishResources> = { ...frame, ...home, ...feedback, ...summaries, ...preferences };

export default zhCN;
