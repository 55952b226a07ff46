import { describe, expect, it } from 'vitest';
import { checkArgs, USAGE } from '../options';

describe('the bench command line', () => {
  it('gives the usage for --help and -h instead of starting a run', () => {
    expect(checkArgs(['--help'])).toEqual({ help: true, mistakes: [] });
    expect(checkArgs(['-h']).help).toBe(true);
    expect(USAGE).toContain('--only=SECTIONS');
  });

  it('names unknown options and sections', () => {
    expect(checkArgs(['--only=main,foo', '--bogus', 'stray'])).toEqual({ help: false, mistakes: ['unknown option --bogus', 'unknown option stray', 'no section "foo"'] });
  });

  it('takes the documented options', () => {
    expect(checkArgs(['--only=main,storage', '--merge', '--runs=3', '--blocks=1000', '--quick'])).toEqual({ help: false, mistakes: [] });
    expect(checkArgs(['--only=lighthouse', '--lighthouse-runs=0', '--devtools-runs=3'])).toEqual({ help: false, mistakes: [] });
  });

  it('wants whole numbers for the counts', () => {
    expect(checkArgs(['--runs=three', '--devtools-runs=', '--page-views=1e6', '--demo-runs=2']).mistakes).toEqual([
      '--runs=three: a whole number, please',
      '--devtools-runs=: a whole number, please',
      '--page-views=1e6: a whole number, please',
    ]);
  });
});
