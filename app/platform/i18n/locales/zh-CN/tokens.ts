import type { Translation } from "~/platform/i18n/locales/types";
import type en from "~/platform/i18n/locales/en/tokens";

/** API 令牌页面（/app/api-tokens）、SCIM 自动配置页面及其令牌表格的简体中文文本。 */
const tokens: Translation<typeof en> = {
  tokens: {
    never: "从未",
    make: "生成令牌",
    name: "名称",
    token: "令牌",
    made: "生成时间",
    madeBy: "生成人",
    lastUsed: "最近使用",
    expires: "到期时间",
    actions: "操作",
    revoke: "吊销",
    revokeOne: "吊销 {{name}}",
    result: {
      revoked: "令牌已吊销",
      scimRevoked: "SCIM 令牌已吊销",
      nameAndDays: "请填写令牌名称和有效天数",
      name: "请填写令牌名称",
      unknown: "未知的令牌",
      nameRequired: "请填写名称",
      namePrintable: "请填写名称（仅限可打印字符）",
      nameControl: "名称不能包含控制字符",
      nameTooLong: "名称最多 {{max}} 个字符",
      noLiveToken: "没有此编号的有效 API 令牌",
      noLiveScimToken: "没有此编号的有效 SCIM 令牌",
      onlyOwn: "你只能吊销自己的 API 令牌",
      spoofing: "代入查看其他用户时不能进行此操作，请先切换回你自己的账号",
      invalidInput: "输入有误",
      failed: "令牌未能更改",
    },
    api: {
      title: "API 令牌",
      pageTitle: "API 令牌 - PMR",
      intro: "令牌可让脚本以你的身份调用 API（Authorization: Bearer …）。系统只保存令牌的指纹：令牌显示时请立即复制。",
      created: "你的新令牌“{{name}}”。它只会显示这一次：",
      expiresIn: "有效期（天）",
      none: "你还没有 API 令牌。",
    },
    scim: {
      title: "SCIM 自动配置",
      pageTitle: "SCIM 自动配置 - PMR",
      back: "← 用户",
      intro:
        "你的身份提供商（Okta、Microsoft Entra ID、OneLogin、JumpCloud 等）通过 SCIM 2.0 在这里创建、更新和停用用户。请把下面的基础 URL 和一个令牌（作为其 Bearer 令牌，Authorization: Bearer …）提供给它。",
      baseUrl: "SCIM 基础 URL：",
      copy: "复制",
      copied: "已复制",
      created: "你的新 SCIM 令牌“{{name}}”。它只会显示这一次：请立即将其复制到你的身份提供商中。",
      nameLabel: "名称（例如 Okta）",
      label: "SCIM 令牌",
      none: "还没有 SCIM 令牌。",
      commandLine: "命令行",
      revoked: "已于 {{when}} 吊销",
      revokeTitle: "吊销“{{name}}”？",
      revokeText: "吊销后，使用此令牌的身份提供商将立即无法再配置用户。此操作无法撤销。",
      cancel: "取消",
    },
  },
};

export default tokens;
