import { textWrap } from './python-text.js';

/** A table cell: text, or undefined for a value the row does not have (printed `nan`, as pandas does). */
export type GridCell = string | undefined;

/** Options of `gridTable`. */
export interface GridTableOptions {
  /** Wrap every cell's lines to this width (tabulate's `maxcolwidths`). */
  readonly maxColumnWidth?: number;
  /** Print a first column with the row numbers from 0 and an empty header (a pandas DataFrame's index). */
  readonly showIndex?: boolean;
}

const NUMBER = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

/**
 * The table Python's `tabulate(rows, headers, tablefmt="grid")` prints:
 * `+---+` rules around every row, `+===+` under the header, one space of
 * padding, each column at least two wider than its header, multi-line cells
 * top-aligned; text columns left-aligned, columns of numbers right-aligned.
 * No trailing newline.
 */
export function gridTable(
  headers: readonly string[],
  rows: readonly (readonly GridCell[])[],
  options: GridTableOptions = {},
): string {
  const allHeaders = options.showIndex ? ['', ...headers] : [...headers];
  const cellRows = rows.map((row, index) => {
    const cells = headers.map((_, column) => row[column] ?? 'nan');
    const withIndex = options.showIndex ? [String(index), ...cells] : cells;
    return withIndex.map((cell) => wrapCell(cell, options.maxColumnWidth));
  });
  const columns = allHeaders.map((header, column) => {
    const cells = cellRows.map((row) => row[column] ?? '');
    const numeric = cells.length > 0 && cells.every((cell) => NUMBER.test(cell));
    const width = Math.max(widthOf(header) + 2, ...cells.map((cell) => widthOf(cell)));
    return { numeric, width };
  });
  const rule = (fill: string): string =>
    `+${columns.map(({ width }) => fill.repeat(width + 2)).join('+')}+`;
  const renderRow = (cells: readonly string[]): string[] => {
    const cellLines = cells.map((cell) => (cell === '' ? [] : cell.split('\n')));
    const height = Math.max(1, ...cellLines.map((lines) => lines.length));
    const lines: string[] = [];
    for (let line = 0; line < height; line += 1) {
      const parts = columns.map(({ numeric, width }, column) => {
        const text = cellLines[column]?.[line] ?? '';
        return ` ${numeric ? text.padStart(width) : text.padEnd(width)} `;
      });
      lines.push(`|${parts.join('|')}|`);
    }
    return lines;
  };
  const output = [rule('-'), ...renderRow(allHeaders), rule('=')];
  cellRows.forEach((row) => {
    output.push(...renderRow(row), rule('-'));
  });
  if (cellRows.length === 0) output[output.length - 1] = rule('-');
  return output.join('\n');
}

function wrapCell(cell: string, width: number | undefined): string {
  if (width === undefined) return cell;
  return cell
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => textWrap(line, width).join('\n'))
    .join('\n');
}

function widthOf(cell: string): number {
  return Math.max(0, ...cell.split('\n').map((line) => [...line].length));
}
