/** The English locale files the first page does not need, as one chunk loaded at login (or when a page asks). */
const files = import.meta.glob<Record<string, unknown>>(
  [
    '../../../../locales/en/*.json',
    '!**/common.json',
    '!**/session.json',
    '!**/shell.json',
    '!**/errors.json',
    '!**/menu.json',
  ],
  { eager: true, import: 'default' },
);
export default files;
