/** The days the Performance and JavaScript errors sections cover: the last ones, today included, as the site counts days (Page views has its own range). */
export const INSIGHTS_DAYS = 30;
