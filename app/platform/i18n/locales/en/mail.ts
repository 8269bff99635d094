/** English strings of emails and in-app notifications, rendered in the recipient's language (ADR 0077). */
export default {
  mail: {
    greeting: "Hello {{name}},",
    open: "Open PMR",
    openLink: "Open PMR: {{url}}",
    anytimeFeedback: {
      title: "New feedback from {{name}}",
      body: "{{name}} gave you anytime feedback. Open Anytime Feedback to read it.",
    },
  },
};
