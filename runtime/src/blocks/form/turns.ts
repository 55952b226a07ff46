// Its own module, so that the form chunk does not export these (a dynamic import's chunk keeps
// every export of its entry).
/** Fields rendered per turn (platform/yield.ts): about 10 ms of work at 4x CPU throttling. */
export const FIELDS_PER_TURN = 5;

/**
 * The first turn renders one field, then each turn FIELDS_PER_TURN more. The first render runs
 * preact's and the fields' code for the first time on the page (compiled as it runs): with five
 * fields it was one piece of 30 to 60 ms at 4x; with one, the longest turn on `/callback` and
 * `/contact` fell by about a third.
 */
export const FIRST_TURN_FIELDS = 1;
export const nextFieldCount = (count: number) => (count < FIELDS_PER_TURN ? FIELDS_PER_TURN : count + FIELDS_PER_TURN);
