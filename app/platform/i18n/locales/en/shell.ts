/** English strings of the frame's parts not in frame.ts: the logo's name, the navigation's name, the notifications. */
export default {
  shell: {
    logo: "{{brand}} home",
    mainNavigation: "Main navigation",
    notifications: {
      title: "Notifications",
      bell: "Notifications, {{unread}} unread",
      unread: "{{count}} unread",
      loading: "Loading notifications",
      failed: "Notifications could not be loaded.",
      retry: "Try again",
      empty: "No notifications yet.",
      unreadMark: "Unread",
      readOnly: "Viewing another user: notifications stay unread.",
    },
  },
};
