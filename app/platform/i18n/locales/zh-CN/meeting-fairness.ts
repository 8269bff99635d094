/** 校准会议的公平性面板与签核的差距规则（issue 29 §4，ADR 0114）。属性名与群体名为数据。 */
export default {
  meetingFairness: {
    title: "本场评分的公平性",
    intro: "各群体的评分在校准中如何变化，来自本场的公平性洞察。评审小组成员看不到此面板。",
    significant_other: "校准后有 {{count}} 项评分差距显著：关闭本场需要书面理由。",
    loading: "正在读取本场的公平性数据…",
    noAttributes: "没有可用于细分本场评分的人员属性。",
    shiftTitle: "按{{attribute}}划分的校准前后评分",
    reasonLabel: "在存在显著差距的情况下关闭的理由",
    reasonHelp: "必填：校准后的评分差距显著。理由将保留在本场历史记录和审计日志中。",
    reasonRequired: "校准后的评分差距显著：请写下按现状关闭本场的理由。",
    promotion: {
      title: "本场晋升的公平性",
      intro: "各群体的提名率、背书率、评审投票率和决定率，来自本场的公平性洞察。评审小组成员看不到此面板。",
      significant_other: "晋升决定中有 {{count}} 项差距显著：关闭本场需要书面理由。",
      noAttributes: "没有可用于细分本场晋升的人员属性。",
      shiftTitle: "按{{attribute}}划分的晋升比率",
      reasonHelp: "必填：晋升决定中的差距显著。理由将保留在本场历史记录和审计日志中。",
      reasonRequired: "晋升决定中的差距显著：请写下按现状关闭本场的理由。",
    },
    forced: {
      reasonLabel: "在存在显著差距的情况下关闭的理由",
      reasonHelp: "当要关闭的会议在校准后存在显著差距时必填。理由将保留在该会议的历史记录和审计日志中。",
      reasonRequired_other: "以下 {{count}} 场会议在校准后存在显著差距：请写下按现状关闭它们的理由。",
      sessionGaps: "{{name}}：{{gaps}}",
    },
  },
};
