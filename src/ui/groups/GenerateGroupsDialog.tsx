import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { GeneratedNode } from '../../contract/entities/group-structure';
import type { GenerateGroupsMachine } from '../../machines/generate-groups/generate-groups.machine';
import {
  selectGenerateCreated,
  selectGeneratePreview,
  selectIsPreviewing,
  selectIsSaved,
  selectIsSavingTree,
  selectIsShowingPreview,
} from '../../machines/generate-groups/generate-groups.selectors';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import { Icon } from '../kit/icons';
import { GenerateLevelsForm } from './GenerateLevelsForm';

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

/** Props of {@link GenerateGroupsDialog}. */
export interface GenerateGroupsDialogProps {
  actor: ActorRefFrom<GenerateGroupsMachine>;
  parentName: string;
  onClose: () => void;
}

/**
 * Generate groups (2.5, 900 px): levels and name patterns, a preview of the
 * tree, then save; once saved it says how many groups were created (the
 * groups page closes it and refreshes the list).
 */
export function GenerateGroupsDialog({ actor, parentName, onClose }: GenerateGroupsDialogProps) {
  const { t } = useTranslation(['groups', 'common']);
  const preview = useSelector(actor, selectGeneratePreview);
  const previewing = useSelector(actor, selectIsPreviewing);
  const showingPreview = useSelector(actor, selectIsShowingPreview);
  const saving = useSelector(actor, selectIsSavingTree);
  const saved = useSelector(actor, selectIsSaved);
  const created = useSelector(actor, selectGenerateCreated);

  const footer = saved ? (
    <Button variant="primary" onClick={onClose}>
      {t('common:actions.close')}
    </Button>
  ) : showingPreview ? (
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
      <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
      <Button variant="primary" loading={previewing} onClick={() => actor.send({ type: 'generate.preview' })}>
        {t('groups:generate.preview')}
      </Button>
    </>
  );

  return (
    <Dialog
      open
      width="wide"
      onClose={saving ? () => undefined : onClose}
      title={t('groups:generate.title', { name: parentName })}
      footer={footer}
    >
      {saved ? (
        <p role="status" className="flex items-center gap-2 py-6 text-success-600">
          <Icon name="check" className="size-5" />
          {t('groups:generate.created', { count: created ?? 0, name: parentName })}
        </p>
      ) : showingPreview && preview ? (
        <div className="max-h-[60vh] overflow-y-auto">
          <p className="mb-2 text-muted">{t('groups:generate.previewIntro', { count: preview.total })}</p>
          <Tree nodes={preview.items} />
        </div>
      ) : (
        <GenerateLevelsForm actor={actor} />
      )}
    </Dialog>
  );
}
