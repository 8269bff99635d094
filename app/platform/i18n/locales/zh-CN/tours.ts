import type { Translation } from "~/platform/i18n/locales/types";
import type en from "~/platform/i18n/locales/en/tours";

/** 功能引导（按钮和每一个步骤）的简体中文文本。 */
const tours: Translation<typeof en> = {
  tours: {
    back: "上一步",
    next: "下一步",
    last: "知道了",
    skip: "跳过引导",
    close: "关闭",
    progress: "第 {{index}} 步，共 {{size}} 步",
    summary: {
      cycleSwitcher: { title: "往期周期", content: "在这里切换周期，即可查看此人在往期评估周期中的反馈汇总。" },
      byReviewer: { title: "按评估人查看反馈", content: "打开每位评估人对此人撰写的反馈。" },
      download: { title: "下载", content: "将汇总下载为 PDF，例如用于准备你们的面谈。" },
    },
    reportFeedback: {
      reviewers: { title: "评估人的反馈", content: "所有受邀为你的直属下属提供反馈的人，以及他们的反馈状态。反馈提交后即可逐一查看。" },
      managerFeedback: { title: "你的上级反馈", content: "在这里撰写你自己的反馈。你可以随时保存草稿，并在上级反馈阶段提交。" },
      summary: { title: "反馈汇总", content: "关于此人的所有反馈，按问题汇总。" },
      promotion: { title: "晋升提名", content: "在本周期提名此人晋升。" },
    },
    peers: {
      counters: { title: "你的选择", content: "你邀请了多少位同事和相关方、多少人已接受、多少人尚未回复。" },
      mandatory: { title: "必选评估人", content: "他们根据组织架构确定（你本人、你的上级、你的直属下属、矩阵上级和矩阵团队），始终会提供反馈。" },
      add: { title: "邀请同事或相关方", content: "请选择最近 6 个月内与你共事过的人。建议接受的邀请不超过 7 个。" },
      requests: { title: "你发出的邀请", content: "在这里跟进每一个邀请。邀请被接受之前，你可以随时撤回。" },
      incoming: { title: "你收到的邀请", content: "同事向你发出的反馈邀请会显示在这里：请逐一接受或拒绝。" },
    },
    promotionPanel: {
      state: { title: "会议状态", content: "会议处于进行中或修订中时，你可以投票。" },
      progress: { title: "你的进度", content: "你已对本次会议中的多少项提名投票。" },
      tally: { title: "评审小组的投票", content: "每项提名都会显示提名理由、背书情况以及评审小组目前的投票结果。" },
      vote: { title: "你的投票", content: "投票或修改你的投票，并可给评审小组留言。" },
      discussion: { title: "讨论", content: "打开该提名的评论以及被提名人的反馈汇总。" },
    },
    multipleCycles: {
      cycleSwitcher: { title: "多个进行中的周期", content: "目前有多个评估周期正在进行。请在这里选择你要处理的周期；页面地址会记住你的选择。" },
    },
    sidebar: {
      superAdmin: { title: "超级管理员", content: "管理用户、查看审计日志，设置并推进评估周期、校准会议和晋升看板。" },
      home: { title: "首页", content: "你的起点：所选评估周期，以及它需要你完成的事项。" },
      performanceCycle: { title: "绩效周期", content: "核对个人资料、选择同事和相关方评估人、提供 360 反馈；作为上级，还要为团队撰写反馈。" },
      ratingCalibration: { title: "评级校准", content: "你主持、参与或签核的评级校准会议。" },
      promotionsCalibration: { title: "晋升校准", content: "背书邀请，以及你主持、作为评审参与或签核的晋升校准会议。" },
      insights: { title: "公平性洞察", content: "各群体在评估每个阶段的情况，以及群体之间的差距。" },
      performanceReport: { title: "绩效报告", content: "你的最终评估结果，以及你在各周期的绩效趋势。" },
      guidelines: { title: "指南", content: "评估流程的通用指南。" },
      anytimeFeedback: { title: "随时反馈", content: "在评估周期之外，随时提供和查看反馈。" },
      other: { title: "导航", content: "你可以从这里进入产品的其他部分。" },
    },
  },
};

export default tours;
