// linebreak 1.1.0 (foliojs: the Unicode line-breaking algorithm, UAX #14) ships no types; the part used here.
declare module 'linebreak' {
  /** One break opportunity: the text breaks before `position`; `required` after a hard line break. */
  export interface Break {
    readonly position: number;
    readonly required: boolean;
  }
  export default class LineBreaker {
    constructor(text: string);
    /** The next break opportunity, null after the last. */
    nextBreak(): Break | null;
  }
}
