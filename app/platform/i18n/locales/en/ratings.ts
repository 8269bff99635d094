/**
 * The calibrated rating scale's labels (the spec's five ratings), one source for every page that names a rating: the
 * participants' pages and outcome fields, the calibration meeting and set-up pages, the Performance Trends Report.
 */
export default {
  ratingScale: {
    "5": "5 - Outstanding",
    "4": "4 - Exceeds Expectations",
    "3": "3 - Meets Expectations",
    "2": "2 - Partially Meets Expectations",
    "1": "1 - Does Not Meet Expectations",
  },
};
