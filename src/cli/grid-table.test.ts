import { describe, expect, it } from 'vitest';
import { gridTable } from './grid-table.js';

// The expected tables are what tabulate(..., tablefmt="grid") prints.
describe('gridTable', () => {
  it('draws a grid with the header rule, padding and numeric right alignment', () => {
    expect(
      gridTable(
        ['item', 'qty'],
        [
          ['spam', '42'],
          ['eggs', '451'],
        ],
      ),
    ).toBe(
      [
        '+--------+-------+',
        '| item   |   qty |',
        '+========+=======+',
        '| spam   |    42 |',
        '+--------+-------+',
        '| eggs   |   451 |',
        '+--------+-------+',
      ].join('\n'),
    );
  });

  it('adds an index column, wraps cells and top-aligns multi-line rows; missing cells read nan', () => {
    expect(
      gridTable(
        ['prompt', 'score'],
        [
          ['roll a die with many sides please', 'ok'],
          ['hi', undefined],
        ],
        {
          maxColumnWidth: 12,
          showIndex: true,
        },
      ),
    ).toBe(
      [
        '+----+--------------+---------+',
        '|    | prompt       | score   |',
        '+====+==============+=========+',
        '|  0 | roll a die   | ok      |',
        '|    | with many    |         |',
        '|    | sides please |         |',
        '+----+--------------+---------+',
        '|  1 | hi           | nan     |',
        '+----+--------------+---------+',
      ].join('\n'),
    );
  });
});
