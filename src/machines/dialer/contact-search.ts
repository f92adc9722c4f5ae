import type { Contact } from '../../contract/entities/sip-number';

/** The contact search text as the rule of section 5 reads it: trimmed and case-insensitive. */
export const normaliseSearch = (text: string) => text.trim().toLocaleLowerCase();

/** The texts a contact is searched by (5): user name, contact name, number and description. */
export function searchableTexts(contact: Contact): string[] {
  return [contact.user?.name, contact.name, contact.number, contact.user?.description].filter(
    (t): t is string => typeof t === 'string' && t !== '',
  );
}

/** The contacts that match the search (all of them for a blank search). */
export function searchContacts(contacts: readonly Contact[], text: string): Contact[] {
  const query = normaliseSearch(text);
  if (query === '') return [...contacts];
  return contacts.filter((c) => searchableTexts(c).some((t) => t.toLocaleLowerCase().includes(query)));
}

/** A text cut into plain and matching parts, for highlighting. */
export function highlightParts(text: string, search: string): { text: string; match: boolean }[] {
  const query = normaliseSearch(search);
  if (query === '') return [{ text, match: false }];
  const lower = text.toLocaleLowerCase();
  // A few letters change length when lowercased: then mark nothing rather than the wrong letters.
  if (lower.length !== text.length) return [{ text, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  let at = 0;
  for (let found = lower.indexOf(query); found !== -1; found = lower.indexOf(query, at)) {
    if (found > at) parts.push({ text: text.slice(at, found), match: false });
    parts.push({ text: text.slice(found, found + query.length), match: true });
    at = found + query.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}
