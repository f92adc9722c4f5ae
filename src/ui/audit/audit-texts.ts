import type { TFunction } from 'i18next';

/** An entity's name in the trail (its code when no translation exists: an area added later). */
export const entityText = (t: TFunction, entity: string) => t(`audit:entities.${entity}`, { defaultValue: entity });
/** An action's name in the trail (its code when no translation exists). */
export const actionText = (t: TFunction, action: string) => t(`audit:actions.${action}`, { defaultValue: action });

/** A recorded value as one line of text: strings as they are, names of related objects, JSON otherwise. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (typeof value === 'object' && 'name' in value && typeof value.name === 'string') return value.name;
  return JSON.stringify(value);
}
