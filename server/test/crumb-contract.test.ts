/** The crumb's rules as contract/crumb.ts has them, shared by the runtime, the owner app and the server. */
import { describe, expect, it } from 'vitest';
import { crumbFrom, isCrumbFail } from '../../contract/crumb';

describe('contract/crumb.ts', () => {
  it('reads the crumb from a cookie string, decoded, or answers empty', () => {
    expect(crumbFrom('a=1; crumb=abc.def; b=2')).toBe('abc.def');
    expect(crumbFrom('crumb=a%2Bb')).toBe('a+b');
    expect(crumbFrom('xcrumb=no; other=1')).toBe('');
    expect(crumbFrom('crumb=%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('knows a crumbFail answer only when it brings a crumb', () => {
    expect(isCrumbFail({ crumbFail: true, crumb: 'n.s' })).toBe(true);
    for (const answer of [null, {}, { crumbFail: true }, { crumbFail: true, crumb: '' }, { crumbFail: 'yes', crumb: 'n.s' }, 'crumbFail']) expect(isCrumbFail(answer)).toBe(false);
  });
});
