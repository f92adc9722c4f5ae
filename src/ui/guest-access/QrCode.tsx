import { create } from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code drawn in the page as SVG (no request, no canvas): the guest access link, which only the
 * console knows whole (its own origin). Dark modules on white with the standard 4-module margin.
 */
export function QrCode({ text, label, size = 220 }: { text: string; label: string; size?: number }) {
  const { path, span } = useMemo(() => {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    const parts: string[] = [];
    for (let y = 0; y < modules.size; y++)
      for (let x = 0; x < modules.size; x++) if (modules.get(y, x)) parts.push(`M${x + 4} ${y + 4}h1v1h-1z`);
    return { path: parts.join(''), span: modules.size + 8 };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${span} ${span}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="rounded bg-white"
    >
      <rect width={span} height={span} fill="#fff" />
      <path d={path} fill="#111827" />
    </svg>
  );
}
