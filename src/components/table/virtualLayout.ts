// When a DataTable renders only the rows in view, and the sizes its virtual layout and its skeleton share. Apart
// from VirtualRows, which brings the virtualiser: a page whose tables stay short never loads it.

/** A body row's height before it is measured (size "sm" with a badge or a button), unless the table gives its own. */
export const ESTIMATED_ROW_PX = 41;
/** Height of a header row of a size "sm" DataTable: what a focused row scrolled into view must clear. */
export const HEADER_ROW_PX = 37;
/** Tables longer than this render only the rows in view. */
export const VIRTUALIZE_AFTER_ROWS = 100;
/** The most a long table's scroll box takes of the page's height. */
export const VIRTUAL_MAX_H = 'min(70vh, 40rem)';

/** Whether a table of `rows` rows renders only the rows in view (DataTable and its skeleton decide alike). */
export function isVirtual(rows: number, virtualizeAfter: number = VIRTUALIZE_AFTER_ROWS): boolean {
  return rows > virtualizeAfter;
}
