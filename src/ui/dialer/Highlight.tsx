import { highlightParts } from '../../machines/dialer/contact-search';

/** A text with the parts matching the search marked (5: search highlights matches). */
export function Highlight({ text, search }: { text: string; search: string }) {
  return (
    <>
      {highlightParts(text, search).map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string never reorder.
          <mark key={index} className="rounded-sm bg-warning-600/25 font-semibold text-ink">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string never reorder.
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
