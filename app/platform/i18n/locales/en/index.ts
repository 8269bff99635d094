/**
 * English, the default and fallback language: one `common` namespace whose top-level keys are sections (one file a
 * feature or screen). A new section: add a file here and in every other language's folder, and spread it below.
 */
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
import insights from "./insights";
import insightsPages from "./insights-pages";
import attributeValues from "./attribute-values";
import pagination from "./pagination";
import insightsExport from "./insights-export";
import meetingFairness from "./meeting-fairness";

const en = { ...frame, ...home, ...shell, ...auth, ...guidelines, ...tours, ...anytimeFeedback, ...peerSelection, ...feedback, ...summaries, ...preferences, ...mail, ...users, ...titles, ...privacy, ...tokens, ...audit, ...nudges, ...jobs, ...participants, ...calibrationSetup, ...promotions, ...promotionsMeeting, ...promotionsHr, ...managerReview, ...calibrationMeeting, ...performanceTrends, ...cyclesAdmin, ...questionnaires, ...decisionSupport, ...ratings, ...storedTexts, ...insights, ...insightsPages, ...attributeValues, ...pagination, ...insightsExport, ...meetingFairness };

export default en;
export type EnglishResources = typeof en;
