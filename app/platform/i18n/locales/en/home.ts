/** English strings of the home page. */
export default {
  home: {
    greeting: "Hello, {{name}}",
    cycle: "Review cycle",
    dates: "{{start}} to {{end}}",
    notScheduled: "Dates not set",
  },
};
