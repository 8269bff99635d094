/** English strings of the "Language and time zone" settings screen (ADR 0077). */
export default {
  preferences: {
    title: "Language and time zone",
    intro: "Choose the language of the interface and the time zone times are shown in. Your choice is saved to your account and used on every device, and for the emails you receive.",
    language: "Language",
    languageBrowser: "Same as my browser",
    timeZone: "Time zone",
    timeZoneBrowser: "Same as my browser ({{zone}})",
    timeZoneHelp: "Deadlines, history and notifications are shown in this time zone.",
    example: "Now: {{time}}",
    save: "Save",
    saving: "Saving…",
    saved: "Your language and time zone are saved",
    failed: "Your choice could not be saved, please try again",
    spoofing: "Not allowed while viewing another user; switch back to your own account first",
  },
};
