import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { type Licence, LicenceSchema } from '../../contract/entities/licence';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { selectIsLoading, selectLoadError, selectLoadedAs } from '../../machines/loader/loader.selectors';
import { Badge } from '../kit/Badge';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import { formatDateTime } from '../kit/format-date';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { countText, periodText, STATE_TONES } from './licence-format';

const selectLicence = selectLoadedAs(LicenceSchema);

/** Props of {@link LicenceItemDialog}. */
export interface LicenceItemDialogProps {
  loader: ActorRefFrom<LoaderMachine>;
  /** Delete is granted: the dialog offers it (the list asks for confirmation). */
  canDelete: boolean;
  onDelete: (licence: Licence) => void;
  onClose: () => void;
}

/** One installed licence (GET /licenses/{id}): what it is, its state and period, and each feature it gives. */
export function LicenceItemDialog({ loader, canDelete, onDelete, onClose }: LicenceItemDialogProps) {
  const { t } = useTranslation(['licences', 'common', 'errors']);
  const licence = useSelector(loader, selectLicence);
  const loading = useSelector(loader, selectIsLoading);
  const error = useSelector(loader, selectLoadError);
  return (
    <Dialog
      open
      onClose={onClose}
      title={licence ? t('licences:item.title', { id: licence.licence_id }) : t('licences:item.loading')}
      footer={
        <>
          {canDelete && licence ? (
            <Button variant="danger" onClick={() => onDelete(licence)}>
              {t('licences:item.delete')}
            </Button>
          ) : null}
          <Button variant="primary" onClick={onClose}>
            {t('common:actions.close')}
          </Button>
        </>
      }
    >
      {loading && !licence ? <Spinner /> : null}
      {error ? <p role="alert">{translateError(t, error)}</p> : null}
      {licence ? <LicenceDetails licence={licence} /> : null}
    </Dialog>
  );
}

export function LicenceDetails({ licence }: { licence: Licence }) {
  const { t, i18n } = useTranslation('licences');
  const locale = i18n.language;
  const yes = (on: boolean) => (on ? t('on') : t('off'));
  const rows: [string, React.ReactNode][] = [
    [t('fields.type'), t(`types.${licence.type}`)],
    [
      t('fields.state'),
      <Badge key="s" tone={STATE_TONES[licence.state]}>
        {t(`states.${licence.state}`)}
      </Badge>,
    ],
    [t('fields.customer'), licence.customer ?? '—'],
    [t('fields.period'), periodText(licence.restrict_period, locale) ?? t('unlimited')],
    [t('fields.grace'), t('item.graceDays', { count: licence.grace_days })],
    [
      t('fields.features_until'),
      licence.features_until ? formatDateTime(licence.features_until, locale) : t('item.never'),
    ],
    [t('fields.issued_at'), formatDateTime(licence.issued_at, locale)],
    [
      t('fields.installed_at'),
      `${formatDateTime(licence.installed_at, locale)} · ${t(`sources.${licence.source}`)}${licence.installed_by ? ` · ${licence.installed_by.name}` : ''}`,
    ],
  ];
  if (licence.is_device_license) rows.push([t('fields.device'), licence.device ?? '—']);
  const sections: { title: string; items: [string, string][] }[] = [
    {
      title: t('features.sip'),
      items: [
        [t('item.enabled'), yes(licence.sip.is_enabled)],
        [t('features.sip_trunks'), yes(licence.sip.is_sip_trunks_enabled)],
        [t('features.web_dialer'), yes(licence.sip.is_web_dialer_enabled)],
        [t('item.count'), countText(licence.sip.license_count, locale)],
      ],
    },
    {
      title: t('features.mobile_app'),
      items: [
        [t('item.enabled'), yes(licence.mobile_app.is_enabled)],
        ...(
          [
            'is_white_label_enabled',
            'is_domain_forward_rule_enabled',
            'is_remote_open_enabled',
            'is_siri_enabled',
            'is_apple_watch_enabled',
            'is_family_events_enabled',
          ] as const
        ).map((k): [string, string] => [t(`item.mobile.${k}`), yes(licence.mobile_app[k])]),
        [t('item.count'), countText(licence.mobile_app.license_count, locale)],
      ],
    },
    {
      title: t('item.other'),
      items: [
        [t('features.ukey2'), licence.ukey2.is_enabled ? countText(licence.ukey2.license_count, locale) : t('off')],
        [t('features.elevator'), yes(licence.elevator)],
        [t('features.amenity'), yes(licence.amenity)],
        [t('features.license_plate'), yes(licence.license_plate)],
        [t('item.faceId'), yes(licence.face_id.is_enabled)],
        [t('item.faceIdGuests'), yes(licence.face_id.is_enabled_for_guests)],
        [t('features.guest_access'), yes(licence.identifier.is_guest_enabled)],
      ],
    },
  ];
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[10rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-[13px]">
        {rows.map(([k, value]) => (
          <div key={k} className="contents">
            <dt className="text-muted">{k}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-3 sm:grid-cols-3">
        {sections.map((s) => (
          <section key={s.title} aria-label={s.title} className="rounded-md border border-line p-2">
            <h3 className="mb-1 text-[13px] font-semibold">{s.title}</h3>
            <dl className="space-y-0.5 text-[12px]">
              {s.items.map(([k, value]) => (
                <div key={k} className="flex justify-between gap-2">
                  <dt className="text-muted">{k}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </div>
  );
}
