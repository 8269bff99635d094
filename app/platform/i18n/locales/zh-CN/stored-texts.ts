import type { Translation } from "~/platform/i18n/locales/types";
import type en from "~/platform/i18n/locales/en/stored-texts";

/** 服务器保存、供日后查看的文本（批量任务的阶段与结果、校准会议签核评论的前缀）的简体中文文本。 */
const storedTexts: Translation<typeof en> = {
  storedTexts: {
    jobs: {
      phase: {
        checking: "正在检查各行",
        saving: "正在保存各行",
        populating: "正在创建参与者",
        writing: "正在生成文件",
        creatingUsers: "正在创建新用户",
        savingUsers: "正在保存用户",
        savingQuestionnaire: "正在保存问卷",
        writingPdfs: "正在生成 PDF",
        collecting: "正在收集此人的数据",
        erasing: "正在清除此人的数据",
        sendingReminders: "正在发送提醒",
      },
      noRows: "文件中没有数据行",
      invalidWhileSaving_other: "共 {{count}} 行，其中 {{failed}} 行在保存时变为无效；此前已提交 {{committed}} 行",
      invalidWhileSavingOneCommitted_other: "共 {{count}} 行，其中 {{failed}} 行在保存时变为无效；此前已提交 {{committed}} 行",
      haveErrors_other: "共 {{count}} 行，其中 {{failed}} 行有错误；未提交任何内容",
      committedSkipped_other: "共 {{count}} 行，已提交 {{committed}} 行；跳过了 {{failed}} 行有错误的数据",
      committedOneSkipped_other: "共 {{count}} 行，已提交 {{committed}} 行；跳过了 {{failed}} 行有错误的数据",
      committed_other: "共 {{count}} 行，已提交 {{committed}} 行",
      directoryCounts: "{{result}}（新建 {{created}}，更新 {{updated}}，停用 {{deactivated}}，重新启用 {{reactivated}}，未变 {{unchanged}}）",
      populated: "已创建 {{created}} 名参与者；{{already}} 名用户原本就是参与者",
      participantsWritten: "已导出 {{written}} 名参与者",
      rowsWritten: "已导出 {{written}} 行",
      pdfsWritten: "已生成 {{written}} 份反馈汇总 PDF",
      noQuestions: "文件中没有问题；问卷未做更改",
      questionnaireErrors: "共 {{total}} 行，其中 {{failed}} 行有错误；问卷未做更改（只有所有行都有效时才会应用）",
      exportReady: "导出文件已可下载",
      erased: "此人的个人数据已清除",
      notCompleted: "任务未完成",
      workflowUnavailable: "工作流服务不可用，任务未能启动",
      failedAfterCommit: "{{reason}}（此前已提交 {{committed}} 行）",
      emptyFile: "文件为空：第一行必须是列名",
      nudge: {
        nobodyPending: "“{{stage}}”阶段没有人有待办工作：未发送提醒",
        reminded_other: "已提醒 {{count}} 位在“{{stage}}”阶段有待办工作的人：{{notified}} 条通知，{{email}}",
        emailsSent_other: "已发送 {{count}} 封邮件",
        emailsSentRefused_other: "已发送 {{count}} 封邮件，{{refused}} 封被拒收",
        noMail: "未发送邮件（未设置 SMTP_URL）",
        refused: "发给 {{email}} 的邮件被拒收：{{error}}",
      },
      reportWritten: "{{metric}}：已导出 {{written}} 行",
      questionnaireSame: "问卷已与文件相同（版本 {{version}}），未做任何更改",
      questionnaireSaved: "问卷已保存为版本 {{version}}（共 {{questions}} 题：{{summary}}）",
      list: {
        one: "{{a}}",
        two: "{{a}}、{{b}}",
        three: "{{a}}、{{b}}、{{c}}",
        four: "{{a}}、{{b}}、{{c}}、{{d}}",
        five: "{{a}}、{{b}}、{{c}}、{{d}}、{{e}}",
        six: "{{a}}、{{b}}、{{c}}、{{d}}、{{e}}、{{f}}",
      },
      rows: {
        cellCount: "该行有 {{cells}} 个单元格，而表头有 {{columns}} 列",
        listedTwiceInFile: "{{email}} 在文件中出现了多次（首次出现在第 {{first}} 行）",
        listedTwice: "{{email}} 出现了多次（首次出现在第 {{first}} 项）",
        alreadyParticipant: "{{email}} 已是本周期的参与者（如需修改参与者，请使用“更新参与者”任务）",
      },
    },
    calibrationComment: {
      revisionRequested: "要求修改：{{comment}}",
      closed: "已关闭：{{comment}}",
      note: "备注：{{comment}}",
    },
  },
};

export default storedTexts;
