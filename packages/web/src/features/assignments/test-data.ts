/** Sept 1 – Dec 20, 2031, 13:00 UTC: the course period of the tests. */
export const testPeriod = { start_date: Date.UTC(2031, 8, 1, 13, 0) / 1000, end_date: Date.UTC(2031, 11, 20, 13, 0) / 1000 };
