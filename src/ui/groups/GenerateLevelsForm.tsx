import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { type GenerateGroupsMachine, LEVELS } from '../../machines/generate-groups/generate-groups.machine';
import { selectGenerateErrors, selectGenerateValues } from '../../machines/generate-groups/generate-groups.selectors';
import { TextField } from '../kit/TextField';

/** The levels of generate groups: how many of each, the first number and a name pattern, and floor numbering. */
export function GenerateLevelsForm({ actor }: { actor: ActorRefFrom<GenerateGroupsMachine> }) {
  const { t } = useTranslation(['groups']);
  const values = useSelector(actor, selectGenerateValues);
  const errors = useSelector(actor, selectGenerateErrors);
  return (
    <div className="space-y-3">
      <p className="text-muted">{t('groups:generate.explain')}</p>
      <table className="w-full text-left">
        <thead className="text-[13px] text-muted">
          <tr>
            <th className="pb-1 font-medium">{t('groups:generate.level')}</th>
            <th className="pb-1 font-medium">{t('groups:generate.count')}</th>
            <th className="pb-1 font-medium">{t('groups:generate.start')}</th>
            <th className="pb-1 font-medium">{t('groups:generate.pattern')}</th>
          </tr>
        </thead>
        <tbody>
          {LEVELS.map((level) => (
            <tr key={level} className="align-top">
              <th scope="row" className="py-1 pr-3 font-medium">
                {t(`groups:generate.levels.${level}`)}
              </th>
              {(['count', 'start', 'name'] as const).map((part) => (
                <td key={part} className="py-1 pr-2">
                  <TextField
                    label={t(`groups:generate.aria.${part}`, { level: t(`groups:generate.levels.${level}`) })}
                    className="[&_label]:sr-only"
                    inputMode={part === 'name' ? 'text' : 'numeric'}
                    value={
                      part === 'name'
                        ? values.names[level]
                        : part === 'count'
                          ? values.counts[level]
                          : values.starts[level]
                    }
                    error={errors[`${level}.${part}`]}
                    onChange={(event) =>
                      actor.send({ type: 'generate.change', level, part, value: event.target.value })
                    }
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={values.numbering === 'floor'}
          onChange={(event) =>
            actor.send({ type: 'generate.numbering', numbering: event.target.checked ? 'floor' : 'sequential' })
          }
        />
        {t('groups:generate.floorNumbering')}
      </label>
      {errors.parent ? (
        <p role="alert" className="text-danger-700">
          {t('groups:generate.noParent')}
        </p>
      ) : null}
    </div>
  );
}
