import { describe, expect, it } from 'vitest';
import { datasetSeeds, mailingListSeeds } from '../src/site-seeds';

const read = <T>(reader: (site: Record<string, unknown>, warn: (message: string) => void) => T, site: Record<string, unknown>) => {
  const warnings: string[] = [];
  return { made: reader(site, (message) => warnings.push(message)), warnings };
};

describe("what site.json asks the server to make", () => {
  it('nothing when it names nothing', () => {
    expect(read(mailingListSeeds, {})).toEqual({ made: [], warnings: [] });
    expect(read(datasetSeeds, {})).toEqual({ made: [], warnings: [] });
  });

  it('mailing lists with an id and a name; each bad entry left out with a warning naming it', () => {
    expect(read(mailingListSeeds, { mailingLists: [{ id: 'news', name: ' News ' }, { id: 'bad id', name: 'Bad' }, { id: 'x' }, 'news', { id: 'long', name: 'n'.repeat(101) }] })).toEqual({
      made: [{ id: 'news', name: 'News' }],
      warnings: [
        'site.json: mailingLists[1] needs an "id" of 1 to 64 letters, digits, "_" or "-"; left out',
        'site.json: mailingLists[2] needs a "name" of 1 to 100 characters; left out',
        'site.json: mailingLists[3] is not an object; left out',
        'site.json: mailingLists[4] needs a "name" of 1 to 100 characters; left out',
      ],
    });
    expect(read(mailingListSeeds, { mailingLists: { id: 'news', name: 'News' } })).toEqual({ made: [], warnings: ['site.json: "mailingLists" is not a list; none made'] });
  });

  it("datasets that can be charted, checked with the editor's messages and cut to its limits", () => {
    const rows = Array.from({ length: 600 }, (_, i) => [`r${i}`, i]);
    const { made, warnings } = read(datasetSeeds, {
      datasets: [
        { id: 'sales', name: 'Sales', columns: ['Month', 'Sold'], rows },
        { id: 'empty', name: 'Empty', columns: ['Month'], rows: [] },
        { id: 'gaps', name: 'Gaps', columns: ['Month', 'Sold'], rows: [['Jan', null]] },
        { id: 'odd', name: 'Odd', columns: ['Month', 'Sold'], rows: [['Jan', { n: 1 }]] },
        { id: 'nameless', columns: ['Month'], rows: [['Jan']] },
      ],
    });
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ id: 'sales', name: 'Sales', dataset: { columns: ['Month', 'Sold'] } });
    expect(made[0]!.dataset.rows).toHaveLength(500);
    expect(warnings).toEqual([
      'site.json: datasets[1] cannot be charted: Your dataset must have at least one row; left out',
      'site.json: datasets[2] cannot be charted: One or more rows was missing data; left out',
      'site.json: datasets[3] needs "rows": lists of numbers, words or null; left out',
      'site.json: datasets[4] needs a "name" of 1 to 100 characters; left out',
    ]);
  });
});
