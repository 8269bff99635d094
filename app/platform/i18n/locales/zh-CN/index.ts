/** Simplified Chinese (zh-CN): the same sections as English (locales/en/index.ts), each checked against it by type. */
import type { EnglishResources } from "~/platform/i18n/locales/en";
import type { Translation } from "~/platform/i18n/locales/types";
import frame from "./frame";
import home from "./home";
import shell from "./shell";
import auth from "./auth";
import guidelines from "./guidelines";
import tours from "./tours";
import anytimeFeedback from "./anytime-feedback";
import peerSelection from "./peer-selection";
import feedback from "./feedback";
import summaries from "./summaries";
import preferences from "./preferences";
import mail from "./mail";
import users from "./users";
import titles from "./titles";
import privacy from "./privacy";
import tokens from "./tokens";
import audit from "./audit";
import nudges from "./nudges";
import jobs from "./jobs";
import participants from "./participants";
import calibrationMeeting from "./calibration-meeting";
import calibrationSetup from "./calibration-setup";
import promotions from "./promotions";
import promotionsMeeting from "./promotions-meeting";
import promotionsHr from "./promotions-hr";
import managerReview from "./manager-review";
import performanceTrends from "./performance-trends";
import cyclesAdmin from "./cycles-admin";
import questionnaires from "./questionnaires";
import decisionSupport from "./decision-support";
import ratings from "./ratings";
import storedTexts from "./stored-texts";

const zhCN: Translation<EnglishResources> = { ...frame, ...home, ...shell, ...auth, ...guidelines, ...tours, ...anytimeFeedback, ...peerSelection, ...feedback, ...summaries, ...preferences, ...mail, ...users, ...titles, ...privacy, ...tokens, ...audit, ...nudges, ...jobs, ...participants, ...calibrationSetup, ...promotions, ...promotionsMeeting, ...promotionsHr, ...managerReview, ...calibrationMeeting, ...performanceTrends, ...cyclesAdmin, ...questionnaires, ...decisionSupport, ...ratings, ...storedTexts };

export default zhCN;
