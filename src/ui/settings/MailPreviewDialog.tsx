import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { LANGUAGES, type Language } from '../../contract/constants';
import { MailPreviewSchema } from '../../contract/entities/mail-template';
import type { EntityFormDefinition } from '../../machines/entity-form/entity-form.definition';
import { selectIsSaving } from '../../machines/entity-form/entity-form.selectors';
import { selectIsLoadFailed, selectLoadError, selectLoadedData } from '../../machines/loader/loader.selectors';
import { usePageMachines } from '../app/actor-context';
import { useMayCall } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import { ErrorState } from '../kit/ErrorState';
import { SafeHtml } from '../kit/SafeHtml';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';

/** What a preview asks: the type and the draft texts (null: the template that applies there). */
export interface PreviewRequest {
  mail_type_id: number;
  subject: string | null;
  body: string | null;
}

const SendSchema = v.object({
  mail_type_id: v.number(),
  subject: v.nullable(v.string()),
  body: v.nullable(v.string()),
  locale: v.picklist(LANGUAGES),
});
type SendValues = v.InferOutput<typeof SendSchema>;

/** Sending the preview is a command: its "save" is the call. */
const previewSendForm: EntityFormDefinition<SendValues, unknown> = {
  empty: () => ({ mail_type_id: 0, subject: null, body: null, locale: 'en' }),
  fromItem: (item) => item as SendValues,
  kinds: { mail_type_id: 'raw', subject: 'raw', body: 'raw', locale: 'raw' },
  schemas: { create: SendSchema, patch: SendSchema },
  successCode: { create: 'settings:templates.previewSent', patch: 'settings:templates.previewSent' },
};

/**
 * What a recipient would get (7.6 preview; 7.3 per group, in the group's white
 * label): the sender's frame, the subject and the text with sample values, in
 * the language chosen; and the same sent to the caller's own address.
 */
export function MailPreviewDialog({
  request,
  groupId,
  onClose,
}: {
  request: PreviewRequest;
  groupId: number | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('settings');
  const [locale, setLocale] = useState<Language>(i18n.language === 'ru' ? 'ru' : 'en');
  const values: SendValues = { ...request, locale };
  const send = useEntityForm(
    usePageMachines().settingsCommands.previewSend,
    { id: groupId ?? 0, item: values, definition: previewSendForm },
    () => {},
  );
  const maySend = useMayCall(
    groupId ? 'POST /domains/{id}/mail-templates/preview/send' : 'POST /mail-templates/preview/send',
  );
  const sending = useSelector(send, selectIsSaving);
  const choose = (lng: Language) => {
    setLocale(lng);
    send.send({ type: 'field.change', field: 'locale', value: lng });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('templates.previewTitle')}
      width="wide"
      footer={
        <>
          {maySend ? (
            <Button onClick={() => send.send({ type: 'form.submit' })} loading={sending}>
              {t('templates.previewSend')}
            </Button>
          ) : null}
          <Button variant="primary" onClick={onClose}>
            {t('templates.close')}
          </Button>
        </>
      }
    >
      <div className="mb-3 flex items-center gap-2">
        <span className="text-[13px] text-muted">{t('templates.language')}</span>
        {LANGUAGES.map((lng) => (
          <Button key={lng} size="sm" variant={lng === locale ? 'primary' : 'ghost'} onClick={() => choose(lng)}>
            {t(`locales.${lng}`)}
          </Button>
        ))}
      </div>
      {/* A language is another preview: its own reader. */}
      <PreviewBody key={locale} request={request} groupId={groupId} locale={locale} />
    </Dialog>
  );
}

/** One language's preview: a reader of the rendered mail (the machine is made once, for these inputs). */
function PreviewBody({
  request,
  groupId,
  locale,
}: {
  request: PreviewRequest;
  groupId: number | null;
  locale: Language;
}) {
  const { t } = useTranslation(['settings', 'errors']);
  const { mailPreview } = usePageMachines();
  const [machine] = useState(() => mailPreview({ ...request, locale, groupId }));
  const ref = useActorRef(machine);
  const data = useSelector(ref, selectLoadedData);
  const failed = useSelector(ref, selectIsLoadFailed);
  const error = useSelector(ref, selectLoadError);
  const mail = v.is(MailPreviewSchema, data) ? data : null;
  if (failed)
    return (
      <ErrorState
        title={t('settings:templates.previewFailed')}
        message={translateError(t, error)}
        failure={error}
        onRetry={() => ref.send({ type: 'loader.reload' })}
      />
    );
  if (!mail)
    return (
      <div className="flex justify-center py-10 text-brand-600">
        <Spinner label={t('settings:templates.previewLoading')} size="lg" />
      </div>
    );
  const footer = [mail.brand.address, mail.brand.email, mail.brand.phone].filter(Boolean);
  return (
    <article aria-label={t('settings:templates.previewTitle')} className="rounded-md border border-line">
      <header className="flex items-center gap-3 border-b border-line px-4 py-3">
        {mail.brand.logo_url ? <img src={mail.brand.logo_url} alt="" className="max-h-10" /> : null}
        <span className="font-semibold">{mail.brand.name}</span>
        <span className="ml-auto text-[12px] text-muted">{t(`settings:templates.sources.${mail.source}`)}</span>
      </header>
      <p className="border-b border-line px-4 py-2 text-sm">
        <span className="text-muted">{t('settings:templates.subject')}: </span>
        <strong data-testid="preview-subject">{mail.subject}</strong>
      </p>
      <SafeHtml html={mail.content_html} className="px-4 py-3" />
      {footer.length > 0 ? (
        <footer className="border-t border-line px-4 py-2 text-[12px] text-muted">{footer.join(' · ')}</footer>
      ) : null}
    </article>
  );
}
