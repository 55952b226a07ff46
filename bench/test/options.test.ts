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
  });
});
