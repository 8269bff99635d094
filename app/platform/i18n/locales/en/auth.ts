/** English strings of the sign-in screen (spec §2 'Screen contents known: Login', §8 'Login failure'). */
export default {
  login: {
    title: "Sign in | PMR",
    heading: "Welcome to PMR",
    intro: "You can sign in with SSO, using your work email address",
    google: "Sign in with Google",
    lark: "Sign in with Lark",
    error: "Error while login",
  },
};
