import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { GeneratedNode } from '../../contract/entities/group-structure';
import { type GenerateGroupsMachine, LEVELS } from '../../machines/generate-groups/generate-groups.machine';
import {
  selectGenerateErrors,
  selectGeneratePreview,
  selectGenerateValues,
  selectIsPreviewing,
  selectIsSavingTree,
  selectIsShowingPreview,
} from '../../machines/generate-groups/generate-groups.selectors';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import { TextField } from '../kit/TextField';

function Tree({ nodes }: { nodes: GeneratedNode[] }) {
  return (
    <ul className="ml-4 list-none space-y-0.5 border-l border-line pl-3">
      {nodes.map((node) => (
        <li key={`${node.type}-${node.name}-${node.logic_address ?? ''}`}>
          <span className="font-medium">{node.name}</span>
          {node.logic_address ? <code className="ml-2 text-[12px] text-muted">{node.logic_address}</code> : null}
          {node.children?.length ? <Tree nodes={node.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** Generate groups (2.5, 900 px): levels and name patterns, a preview of the tree, then save. */
export function GenerateGroupsDialog(props: {
  actor: ActorRefFrom<GenerateGroupsMachine>;
  parentName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['groups', 'errors', 'common']);
  const { actor } = props;
  const values = useSelector(actor, selectGenerateValues);
  const errors = useSelector(actor, selectGenerateErrors);
  const preview = useSelector(actor, selectGeneratePreview);
  const previewing = useSelector(actor, selectIsPreviewing);
  const showingPreview = useSelector(actor, selectIsShowingPreview);
  const saving = useSelector(actor, selectIsSavingTree);

  const footer = showingPreview ? (
    <>
      <Button disabled={saving} onClick={() => actor.send({ type: 'generate.back' })}>
        {t('groups:generate.back')}
      </Button>
      <Button variant="primary" loading={saving} onClick={() => actor.send({ type: 'generate.save' })}>
        {t('groups:generate.save', { count: preview?.total ?? 0 })}
      </Button>
    </>
  ) : (
    <>
      <Button onClick={props.onClose}>{t('common:actions.cancel')}</Button>
      <Button variant="primary" loading={previewing} onClick={() => actor.send({ type: 'generate.preview' })}>
        {t('groups:generate.preview')}
      </Button>
    </>
  );

  return (
    <Dialog
      open
      width="wide"
      onClose={saving ? () => undefined : props.onClose}
      title={t('groups:generate.title', { name: props.parentName })}
      footer={footer}
    >
      {showingPreview && preview ? (
        <div className="max-h-[60vh] overflow-y-auto">
          <p className="mb-2 text-muted">{t('groups:generate.previewIntro', { count: preview.total })}</p>
          <Tree nodes={preview.items} />
        </div>
      ) : (
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
      )}
    </Dialog>
  );
}
