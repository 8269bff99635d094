/**
 * Issue 28: peer selection's server sentences (rules.ts MESSAGES, the warnings, the advice and the pages' results)
 * map to translation keys that read, in English, exactly as the server wrote them; in Chinese, with names kept.
 */
import { describe, expect, it } from "vitest";
import { type TFunction } from "i18next";
import { acceptedLoadWarning, busyPeerWarning, MESSAGES, SELECTION_ADVICE } from "~/features/peer-selection/rules";
import { ADVICE_MESSAGES, peerMessage } from "~/features/peer-selection/messages";
import { translator } from "../support/translator";

const t = translator("en");
const zh = translator("zh-CN");
const say = (tf: TFunction, message: string) => {
  const m = peerMessage(message);
  return tf(m.key, m.values);
};

describe("peer selection's sentences as keys", () => {
  const peer = "zoë.żółć@example.com";
  const sentences = [
    MESSAGES.ownEmail,
    MESSAGES.mandatory(peer),
    MESSAGES.maxPeers(1),
    MESSAGES.maxPeers(8),
    MESSAGES.duplicate(peer),
    MESSAGES.declinedBefore(peer),
    MESSAGES.unknownPeer(peer),
    MESSAGES.wrongStage,
    MESSAGES.reviewerOnly,
    MESSAGES.managerApproved,
    MESSAGES.notInList(peer),
    MESSAGES.acceptedCannotBeRemoved(peer),
    MESSAGES.notYourRequest,
    MESSAGES.alreadyAnswered("accepted"),
    MESSAGES.alreadyAnswered("declined"),
    acceptedLoadWarning(9)!,
    busyPeerWarning("张伟", 7)!,
    "Feedback requested from Zoë Żółć",
    "Feedback requested from Zoë Żółć for Eli Employee",
    `Request to ${peer} withdrawn`,
    "Accepted the feedback request of Eli Employee",
    "Declined the feedback request of Eli Employee",
    "Selection of Eli Employee approved (Manager Approved)",
    "Enter a valid email address",
  ];

  it("read in English exactly as the server's", () => {
    for (const s of sentences) expect(say(t, s), s).toBe(s);
    for (const advice of SELECTION_ADVICE) expect(t(ADVICE_MESSAGES[advice].key, ADVICE_MESSAGES[advice].values)).toBe(advice);
  });

  it("read in Chinese, the names and emails kept", () => {
    for (const s of sentences) expect(say(zh, s), s).toMatch(/[\u4e00-\u9fff]/);
    expect(say(zh, MESSAGES.mandatory(peer))).toBe(`${peer} 已是必选评估人`);
    expect(say(zh, "Feedback requested from Zoë Żółć")).toBe("已邀请 Zoë Żółć 提供反馈");
  });

  it("an unknown sentence reads as the generic failure, never as the English", () => {
    expect(say(t, "Something else went wrong")).toBe("The change could not be saved. Please try again.");
    expect(say(zh, "Something else went wrong")).toBe("更改未能保存，请重试。");
  });
});
