import { setPasswordHashCostForTests } from '../src/security/passwords';

/** 2^10 instead of 2^15: the same code, a thirty-second of the work per hash (units.test.ts checks the real cost). */
export const TEST_PASSWORD_HASH_COST = 1 << 10;

setPasswordHashCostForTests(TEST_PASSWORD_HASH_COST);
