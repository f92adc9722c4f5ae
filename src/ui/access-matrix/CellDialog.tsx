import { useTranslation } from 'react-i18next';
import type { AccessMatrixRule } from '../../contract/entities/access-matrix';
import { Badge } from '../kit/Badge';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import type { OpenedCell } from './MatrixGrid';
import { doorKey } from './MatrixGrid';

/** The rules behind one cell: each rule, grant or prohibition, how it reaches the user, and when. */
export function CellDialog({
  cell,
  rules,
  onClose,
}: {
  cell: OpenedCell | null;
  rules: Record<number, AccessMatrixRule>;
  onClose: () => void;
}) {
  const { t } = useTranslation('accessMatrix');
  const found = cell ? cell.row.cells.find((c) => doorKey(c) === doorKey(cell.door)) : undefined;
  const door = cell ? t('door', { device: cell.door.device_name, lock: cell.door.lock_number }) : '';
  return (
    <Dialog
      open={cell !== null}
      onClose={onClose}
      title={cell ? t('details.title', { user: cell.row.name, door }) : ''}
      footer={<Button onClick={onClose}>{t('details.close')}</Button>}
    >
      <ul className="space-y-2">
        {(found?.rules ?? []).map(({ id, via }) => {
          const rule = rules[id];
          if (!rule) return null;
          return (
            <li key={id} className="rounded border border-line px-3 py-2">
              <div className="flex items-center gap-2">
                <span className="font-medium">{rule.name}</span>
                {rule.prohibition ? (
                  <Badge tone="danger">{t('details.prohibition')}</Badge>
                ) : (
                  <Badge tone="success">{t('details.grant')}</Badge>
                )}
              </div>
              <p className="mt-0.5 text-[13px] text-muted">
                {rule.time_rules.length === 0
                  ? t('details.always')
                  : t('details.schedules', { schedules: rule.time_rules.map((s) => s.name).join(', ') })}
                {' · '}
                {t(`details.via.${via}`)}
              </p>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
