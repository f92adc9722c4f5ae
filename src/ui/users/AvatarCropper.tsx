import { useSelector } from '@xstate/react';
import { type KeyboardEvent, type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectFormValues } from '../../machines/entity-form/entity-form.selectors';
import type { FormRef } from '../entities/form-types';
import { type Crop, clampCrop, initialCrop, resizeCrop } from './crop';

const BOX = 320;

/**
 * The image cropper of 2.5: the chosen image scaled into a box, a square to
 * drag (or move with the arrow keys) and a size slider. It only reports x, y
 * and size, in the image's own pixels, to the avatar form.
 */
export function AvatarCropper({ formRef }: { formRef: FormRef }) {
  const { t } = useTranslation('users');
  const values = useSelector(formRef, selectFormValues);
  const image = values.image instanceof Blob ? values.image : null;
  const crop: Crop = { x: Number(values.x), y: Number(values.y), size: Number(values.size) };
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const drag = useRef<{ startX: number; startY: number; crop: Crop } | null>(null);
  const url = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  if (!url) return null;
  const scale = natural ? BOX / Math.max(natural.width, natural.height) : 1;
  const set = (next: Crop) => {
    if (!natural) return;
    const clamped = clampCrop(next, natural.width, natural.height);
    for (const key of ['x', 'y', 'size'] as const)
      formRef.send({ type: 'field.change', field: key, value: clamped[key] });
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startY: event.clientY, crop };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    set({
      ...start.crop,
      x: start.crop.x + (event.clientX - start.startX) / scale,
      y: start.crop.y + (event.clientY - start.startY) / scale,
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = (event.shiftKey ? 10 : 1) / scale;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    set({ ...crop, x: crop.x + move[0], y: crop.y + move[1] });
  };

  return (
    <div className="space-y-3">
      <div className="relative mx-auto overflow-hidden rounded-md bg-ink/5" style={{ width: BOX, height: BOX }}>
        <img
          src={url}
          alt={t('avatar.preview')}
          draggable={false}
          onLoad={(event) => {
            const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
            setNatural({ width, height });
            const start = initialCrop(width, height);
            for (const key of ['x', 'y', 'size'] as const)
              formRef.send({ type: 'field.change', field: key, value: start[key] });
          }}
          className="absolute top-0 left-0 max-w-none select-none"
          style={
            natural
              ? { width: natural.width * scale, height: natural.height * scale }
              : { maxWidth: BOX, maxHeight: BOX }
          }
        />
        {natural && crop.size > 0 ? (
          <div
            role="slider"
            tabIndex={0}
            aria-label={t('avatar.area')}
            aria-valuetext={t('avatar.areaValue', { x: crop.x, y: crop.y, size: crop.size })}
            aria-valuenow={crop.x}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => (drag.current = null)}
            onKeyDown={onKeyDown}
            className="absolute cursor-move rounded-sm border-2 border-white shadow-[0_0_0_9999px_rgba(29,39,51,0.55)] focus:outline-2 focus:outline-brand-500"
            style={{ left: crop.x * scale, top: crop.y * scale, width: crop.size * scale, height: crop.size * scale }}
          />
        ) : null}
      </div>
      {natural ? (
        <label className="flex items-center gap-3 text-[13px] text-ink">
          <span className="shrink-0">{t('avatar.size')}</span>
          <input
            type="range"
            min={16}
            max={Math.min(natural.width, natural.height)}
            value={crop.size}
            onChange={(event) => set(resizeCrop(crop, Number(event.target.value), natural.width, natural.height))}
            className="w-full accent-brand-600"
          />
        </label>
      ) : null}
    </div>
  );
}
