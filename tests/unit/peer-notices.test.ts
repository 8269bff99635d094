/**
 * Issue 28: peer selection's refusals and warnings carry their text as a key with values (`notice`), built where the
 * rule decides, not recovered from the English sentence. In English each notice reads exactly as the API's sentence
 * (the spec's texts on the pages); in Chinese it reads in Chinese with the names and emails kept.
 */
import { describe, expect, it } from "vitest";
import { messageText, type PageMessage } from "~/platform/i18n/page-message";
import { translator } from "../support/translator";
import {
  acceptedLoadNotice,
  acceptedLoadWarning,
  addPeerRefusal,
  busyPeerNotice,
  busyPeerWarning,
  editRefusal,
  removePeerRefusal,
  requestNotFoundRefusal,
  respondRefusal,
  unknownPeerRefusal,
  type Refusal,
} from "~/features/peer-selection/rules";

const t = translator("en");
const zh = translator("zh-CN");
const peer = "zoë.żółć@example.com";
const subject = { userId: 1, email: "sue.subject@example.com" };
const base = { subject, peerEmail: peer, peer: { userId: 9, email: peer }, mandatory: [], requests: [], maxPeers: 3 };

const refusals: Refusal[] = [
  editRefusal({ stage: "spu_feedback", reviewerOnly: false, panelStatus: "admin_approved" }, "participant")!,
  editRefusal({ stage: "start", reviewerOnly: true, panelStatus: "admin_approved" }, "participant")!,
  editRefusal({ stage: "start", reviewerOnly: false, panelStatus: "manager_approved" }, "participant")!,
  addPeerRefusal({ ...base, peerEmail: subject.email, peer: { userId: 1, email: subject.email } })!,
  addPeerRefusal({ ...base, peer: null })!,
  addPeerRefusal({ ...base, mandatory: [{ userId: 9 }] })!,
  addPeerRefusal({ ...base, requests: [{ reviewerId: 9, status: "requested" }] })!,
  addPeerRefusal({ ...base, requests: [{ reviewerId: 9, status: "declined" }] })!,
  addPeerRefusal({ ...base, maxPeers: 1, requests: [{ reviewerId: 5, status: "accepted" }] })!,
  addPeerRefusal({ ...base, maxPeers: 2, requests: [{ reviewerId: 5, status: "accepted" }, { reviewerId: 6, status: "requested" }] })!,
  unknownPeerRefusal(peer),
  removePeerRefusal(null, peer)!,
  removePeerRefusal({ status: "accepted" }, peer)!,
  respondRefusal({ reviewerId: 9, status: "requested" }, 1, "start")!,
  respondRefusal({ reviewerId: 9, status: "requested" }, 9, "calibration")!,
  respondRefusal({ reviewerId: 9, status: "accepted" }, 9, "start")!,
  respondRefusal({ reviewerId: 9, status: "declined" }, 9, "start")!,
];

describe("peer selection's notices", () => {
  it("each refusal's notice reads in English exactly as its API message", () => {
    expect(refusals.every(Boolean)).toBe(true);
    for (const r of refusals) expect(messageText(t, r.notice)).toBe(r.message);
  });

  it("each refusal's notice reads in Chinese, with the email kept and no key left", () => {
    for (const r of refusals) {
      const text = messageText(zh, r.notice);
      expect(text).not.toBe(r.message);
      expect(text).not.toContain("peers.");
      expect(text).toMatch(/[\u4e00-\u9fff]/);
      if (r.message.includes(peer)) expect(text).toContain(peer);
    }
  });

  it("a request not found reads as a key, not the API's sentence with its id", () => {
    const r = requestNotFoundRefusal(42);
    expect(r).toMatchObject({ status: 404, message: "Feedback request 42 not found in this cycle", notice: { key: "peers.result.requestNotFound" } });
    expect(messageText(zh, r.notice)).toMatch(/[\u4e00-\u9fff]/);
  });

  it("the warnings' notices read as the API's warnings in English, and are null where the warning is", () => {
    for (const count of [0, 6, 7, 8, 12]) {
      const load = acceptedLoadNotice(count);
      const busy = busyPeerNotice("Łukasz Żółć", count);
      expect(load === null).toBe(acceptedLoadWarning(count) === null);
      expect(busy === null).toBe(busyPeerWarning("Łukasz Żółć", count) === null);
      if (load) expect(messageText(t, load)).toBe(acceptedLoadWarning(count));
      if (busy) {
        expect(messageText(t, busy)).toBe(busyPeerWarning("Łukasz Żółć", count));
        expect(messageText(zh, busy as PageMessage)).toContain("Łukasz Żółć");
      }
    }
  });
});
