import type { Translation } from "~/platform/i18n/locales/types";
import type en from "~/platform/i18n/locales/en/attribute-values";

/** 人员属性值（议题 29 §1，ADR 0109）：目录管理页的“属性”部分及值被拒绝的原因。属性名称和值是数据，不翻译。 */
const attributeValues: Translation<typeof en> = {
  attributeValues: {
    title: "属性",
    hint: "仅用于公平性洞察。超级管理员可见，HR 伙伴可见其负责的人员；本人、其经理和评审小组成员均不可见。",
    notSet: "未设置",
    columnNote: "在上方的字段中编辑",
    superAdminsOnly: "仅超级管理员",
    builtIn: { gender: "性别", start_date: "入职日期", level: "职级", location: "工作地点", department: "部门", employment_type: "雇佣类型" },
    fieldHint: "{{kind}}。留空即清除。",
    save: "保存属性",
    saved: "属性已保存。",
    unchanged: "没有属性被更改。",
    failed: "属性未保存：请更正标出的值。",
    none: "尚未定义任何属性。",
    kind: {
      category: "文本",
      date: "日期（yyyy-mm-dd）",
      number: "数字",
    },
    error: {
      unknown: "没有此属性",
      column: "此属性在人员的目录字段中编辑",
      duplicate: "此属性出现了不止一次",
      empty: "请输入一个值",
      control: "请勿使用换行符、制表符或其他控制字符",
      tooLong: "最多 100 个字符",
      date: "请按 yyyy-mm-dd 格式输入日期，例如 2024-03-31",
      number: "请输入数字，例如 12 或 37.5",
      numberDigits: "最多 15 位数字",
    },
  },
};

export default attributeValues;
