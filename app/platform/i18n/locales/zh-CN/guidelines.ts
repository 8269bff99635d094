import type { Translation } from "~/platform/i18n/locales/types";
import type en from "~/platform/i18n/locales/en/guidelines";

/** 通用指南页面的简体中文文本。 */
const guidelines: Translation<typeof en> = {
  guidelines: {
    title: "通用指南",
    intro: "本页介绍谁会参与评估周期、每个阶段需要做什么，以及谁能看到你写的内容。",
    whoTakesPart: "参与人员",
    participants: "<0>参与者</0>会收到自评、向上反馈、同事反馈和上级反馈。仅作为评估人的参与者只为他人提供反馈，自己不会收到反馈。",
    managers: "<0>上级</0>为直属下属撰写反馈，可以调整下属选择的同事评估人，并可提名下属晋升。",
    hrPartners: "<0>HRBP</0> 负责创建并主持评级校准会议和晋升校准会议，会议最终形成经签核的决定。",
    confidentiality: "保密说明",
    confidentialityText:
      "关于你的反馈会在结果沟通阶段对你可见。自评、上级反馈和矩阵上级反馈始终显示撰写人姓名。同事评估人和向上反馈评估人的姓名对谁可见，在创建周期时设定，反馈开放后不可更改。产品中的每一项更改都会记录在审计日志中。",
    defaultRule: "除非周期另有设定",
    cycleStage: "（{{stage}}）",
    rule: {
      peer: {
        nobody: "同事反馈：评估人姓名仅对超级管理员可见；其他人在至少 3 人作答后才能看到这些回答，且不显示姓名。",
        managers: "同事反馈：评估人姓名对被评估人的上级和超级管理员可见；其他人在至少 3 人作答后才能看到这些回答，且不显示姓名。",
        managers_and_calibration: "同事反馈：评估人姓名对被评估人的上级、其校准小组和超级管理员可见；其他人在至少 3 人作答后才能看到这些回答，且不显示姓名。",
      },
      upward: {
        nobody: "向上反馈（来自直属下属和矩阵团队）：评估人姓名仅对超级管理员可见；其他人在至少 3 人作答后才能看到这些回答，且不显示姓名。",
        managers: "向上反馈（来自直属下属和矩阵团队）：评估人姓名对被评估人的上级和超级管理员可见；其他人在至少 3 人作答后才能看到这些回答，且不显示姓名。",
        managers_and_calibration:
          "向上反馈（来自直属下属和矩阵团队）：评估人姓名对被评估人的上级、其校准小组和超级管理员可见；其他人在至少 3 人作答后才能看到这些回答，且不显示姓名。",
      },
    },
    adminNote: "超级管理员请注意：菜单中的“通用指南”链接可以改为指向贵公司自己的页面，请设置 <0>GENERAL_GUIDELINE_URL</0>。",
    backHome: "返回首页",
  },
};

export default guidelines;
