// The facilitator's results download as RFC 4180 CSV: the core's table (shared/classroom/resultsTable.ts)
// written by csv-stringify with CRLF line ends, a field quoted when it holds a comma, a quote, CR or LF
// (quotes doubled), and booleans as `true` / `false` (csv-stringify's default would write 1 and ''). A text
// field a spreadsheet would read as a formula — starting with =, +, -, @, tab or CR, as a nickname '-1-1' or
// '-A1' may — is written after a single quote (OWASP, "CSV Injection"); numbers stay numbers.
import { stringify } from 'csv-stringify/sync';
import { resultsTable, type ResultsField, type SessionSnapshot } from '../../shared/index.ts';

/** What a spreadsheet takes for the start of a formula (https://owasp.org/www-community/attacks/CSV_Injection). */
const FORMULA_START = /^[=+\-@\t\r]/u;

/** Rows as CSV text, every record ending in CRLF. */
export const toCsv = (rows: ResultsField[][]): string =>
  stringify(rows, {
    record_delimiter: '\r\n',
    quoted_match: /[\r\n]/u,
    cast: {
      boolean: (value) => String(value),
      string: (value) => (FORMULA_START.test(value) ? `'${value}` : value),
    },
  });

/**
 * The session's results as CSV (the header, then a row per team and player of each scored round).
 * @example resultsCsv(s).split('\r\n')[0] // 'session,round,level,row,team,player,players,plan,served_per_s,…'
 */
export const resultsCsv = (s: SessionSnapshot): string => toCsv(resultsTable(s));
