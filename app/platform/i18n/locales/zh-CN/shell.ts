import type { Translation } from "~/platform/i18n/locales/types";
import type en from "~/platform/i18n/locales/en/shell";

/** 页面框架其余部分（标志、主导航、通知）的简体中文文本。 */
const shell: Translation<typeof en> = {
  shell: {
    logo: "{{brand}} 首页",
    mainNavigation: "主导航",
    notifications: {
      title: "通知",
      bell: "通知，{{unread}} 条未读",
      unread: "{{count}} 条未读",
      loading: "正在加载通知",
      failed: "无法加载通知。",
      retry: "重试",
      empty: "暂无通知。",
      unreadMark: "未读",
      readOnly: "正在以其他用户身份查看：通知将保持未读。",
    },
  },
};

export default shell;
