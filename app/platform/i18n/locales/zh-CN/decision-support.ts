import type { Translation } from "~/platform/i18n/locales/types";
import type en from "~/platform/i18n/locales/en/decision-support";

/** 决策支持（超级管理员 > 周期 > 决策支持：无进展的参与者、参与者报告、Therma-scan 上传与查看）的简体中文文本。 */
const decisionSupport: Translation<typeof en> = {
  decisionSupport: {
    title: "决策支持",
    inactive: {
      heading: "无进展的参与者（{{total}}）",
      table: "无进展的参与者",
      empty: "当前阶段没有无进展的参与者。",
      rules: {
        start: "此刻会收到提醒（尚未选择同事或相关方，或有同事反馈邀请待回复）、但尚未邀请任何人也未回复任何邀请的参与者。",
        spu_feedback: "此刻会收到提醒（有自评、同事、直属下属或矩阵反馈待填写）、但一份都未提交、也未保存任何回答的参与者。",
        manager_feedback: "参与者中此刻会收到提醒（有上级反馈待填写）、但一份都未提交、也未保存任何回答的上级。",
        none: "当前阶段不需要参与者做任何事，因此没有无进展的参与者。",
      },
      columns: { name: "姓名", email: "邮箱", department: "部门", manager: "上级", waitingFor: "待办事项" },
      separator: "；",
      nudge: "发送提醒",
    },
    report: {
      heading: "参与者报告",
      intro: "按所选指标为每位参与者统计一行数据，在后台写入 CSV 文件。报告只包含数量和状态，绝不包含任何人填写的内容。",
      metric: "指标",
      start: "下载 CSV",
      latest: "最近的报告",
      allJobs: "全部报告任务",
      empty: "还没有报告。",
      columns: { job: "任务", status: "状态", metric: "指标", created: "创建时间" },
    },
    metrics: {
      feedback_given: {
        label: "已给出的反馈",
        description: "以评估人身份统计每位参与者：其收到的反馈邀请（任意类型，含自评）以及已提交、已开始和未开始的数量。",
      },
      feedback_received: {
        label: "已收到的反馈",
        description: "以被评估人身份统计每位参与者：关于其本人的反馈邀请及已提交的数量，按评估人类型分列。",
      },
      peer_selection: {
        label: "同事选择",
        description: "每位参与者邀请的同事和相关方，及已接受、已拒绝和待回复的人数；以及其尚需回复的邀请。",
      },
      manager_feedback: {
        label: "上级反馈",
        description: "每位参与者的上级和矩阵上级反馈的状态；作为上级时，其应给出和已给出的上级反馈数量。",
      },
      response_rate: {
        label: "回复率",
        description: "每位参与者收到的反馈邀请中已提交的比例，以及关于其本人的反馈邀请中已提交的比例。",
      },
    },
    failure: {
      metricRequired: "请选择指标（metric_type）：{{metrics}} 之一",
      unknownMetric: "未知的指标（metric_type）“{{value}}”：请使用 {{metrics}} 之一",
      unavailable: "工作流服务暂不可用，任务未能启动",
      failed: "无法生成报告",
    },
    therma: {
      uploadTitle: "上传 Therma-scan 报告",
      uploadIntro:
        "每行对应本周期的一位参与者及其最新的 Therma-scan 结果。已有扫描结果的参与者将被更新；这些数据仅对超级管理员和该参与者所在校准会议的会议管理员可见。",
      columns:
        "列：{{columns}}（{{required}} 为必填）。engagement、wellbeing 和 workload 为 {{min}} 到 {{max}} 的整数（5 为最佳）；flight_risk 为 low、medium 或 high；comment 可选，最多 {{comment}} 个字符。",
      coverage: "{{participants}} 位参与者中有 {{stored}} 位已有扫描结果。",
      title: "Therma-scan",
      summary: {
        low: "投入度 {{engagement}} / {{max}} · 幸福感 {{wellbeing}} / {{max}} · 工作负荷 {{workload}} / {{max}} · 离职风险 低",
        medium: "投入度 {{engagement}} / {{max}} · 幸福感 {{wellbeing}} / {{max}} · 工作负荷 {{workload}} / {{max}} · 离职风险 中",
        high: "投入度 {{engagement}} / {{max}} · 幸福感 {{wellbeing}} / {{max}} · 工作负荷 {{workload}} / {{max}} · 离职风险 高",
      },
      uploaded: "上传于 <0/>",
      uploadedByJob: "上传于 <0/>（任务 #{{job}}）",
      none: "该参与者还没有上传 Therma-scan 结果。",
      panelTitle: "Therma-scan（{{total}} 位参与者中的 {{count}} 位）",
      panelEmpty: "本次会议的参与者还没有上传 Therma-scan 结果。",
      columnsHead: {
        participant: "参与者",
        engagement: "投入度",
        wellbeing: "幸福感",
        workload: "工作负荷",
        flightRisk: "离职风险",
        comment: "备注",
      },
      flightRisk: { low: "低", medium: "中", high: "高" },
    },
  },
};

export default decisionSupport;
