import type { Translation } from "~/platform/i18n/locales/types";
import type en from "~/platform/i18n/locales/en/anytime-feedback";

/** 随时反馈页面的简体中文文本。 */
const anytimeFeedback: Translation<typeof en> = {
  anytime: {
    title: "随时反馈",
    intro: "随时告诉同事哪些地方做得好、哪些地方还可以改进。",
    section: "反馈",
    lists: "反馈列表",
    received: "收到的",
    receivedNew: "收到的（{{count}} 条新反馈）",
    sent: "发出的",
    team: "我的团队",
    teamIntro: "你的直属下属和虚线下属收到及发出的反馈。",
    loading: "加载中",
    empty: {
      received: "此期间内尚未收到反馈。",
      sent: "此期间内你尚未提供反馈。",
      team: "此期间内你的下属尚未提供或收到反馈。",
    },
    person: { received: "反馈人", sent: "接收人", team: "团队成员" },
    everyone: "所有人",
    period: "时间范围",
    allTime: "全部时间",
    lastDays: "最近 {{count}} 天",
    range: "第 {{from}}–{{to}} 条，共 {{total}} 条",
    previous: "上一页",
    next: "下一页",
    from: "来自 {{name}}",
    to: "发给 {{name}}",
    fromTo: "{{reviewer}} 发给 {{reviewee}}",
    new: "新",
    readBy: "{{name}} 已读",
    notRead: "尚未阅读",
    hidden: "以其他用户身份查看时，不显示反馈内容。",
    byline: "{{reviewer}}（{{reviewerEmail}}）发给 {{reviewee}}（{{revieweeEmail}}），{{date}}",
    give: {
      title: "提供反馈",
      spoofing: "你正在以其他用户身份查看：不能以其名义提供反馈。",
      colleague: "同事",
      search: "按姓名或邮箱搜索",
      anyColleague: "任何在职同事",
      body: "你的反馈",
      characters: "{{length}} / {{max}} 个字符",
      readers:
        "你的反馈会署上你的姓名。能阅读它的只有：接收人、接收人的上级和虚线上级，以及你自己的上级和虚线上级，其他人（包括 HR 和管理员）都看不到。反馈发送后不能编辑或删除。",
      managers: "你的上级：{{names}}。",
      send: "发送反馈",
    },
    result: {
      sent: "已向 {{name}} 发送反馈",
      read: "已标记为已读",
      invalidEmail: "请输入有效的邮箱地址",
      writeFeedback: "请填写你的反馈",
      tooLong: "最多 {{max}} 个字符",
      tooLongNow: "最多 {{max}} 个字符（当前 {{length}} 个）",
      noUser: "没有使用此邮箱的用户",
      yourself: "不能给自己提供反馈",
      inactive: "此人已不在职",
      failed: "反馈未能发送，请重试。",
    },
  },
};

export default anytimeFeedback;
