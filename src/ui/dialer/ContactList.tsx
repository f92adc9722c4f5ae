import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { Contact } from '../../contract/entities/sip-number';
import { searchContacts } from '../../machines/dialer/contact-search';
import type { DialerMachine } from '../../machines/dialer/dialer.machine';
import { selectCanCall, selectContactSearch, selectContactsRef } from '../../machines/dialer/dialer.selectors';
import {
  selectIsLoadFailed,
  selectIsLoading,
  selectLoadError,
  selectLoadedData,
} from '../../machines/loader/loader.selectors';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { Highlight } from './Highlight';
import { IconButton } from './IconButton';
import { useStartCall } from './use-start-call';

const NONE: Contact[] = [];
/** The loaded contacts. */
const selectContacts = (s: Parameters<typeof selectLoadedData>[0]) => selectLoadedData<Contact[]>(s);

/**
 * Contacts (2.6): search over user name, contact name, number and description
 * (trimmed, case-insensitive, highlighted), the total, and a refresh.
 */
export function ContactList({ dialerRef }: { dialerRef: ActorRefFrom<DialerMachine> }) {
  const { t } = useTranslation(['dialer', 'errors']);
  const contactsRef = useSelector(dialerRef, selectContactsRef);
  const search = useSelector(dialerRef, selectContactSearch);
  const canCall = useSelector(dialerRef, selectCanCall);
  const contacts = useSelector(contactsRef, selectContacts) ?? NONE;
  const loading = useSelector(contactsRef, selectIsLoading);
  const failed = useSelector(contactsRef, selectIsLoadFailed);
  const error = useSelector(contactsRef, selectLoadError);
  const shown = useMemo(() => searchContacts(contacts, search), [contacts, search]);
  const startCall = useStartCall(dialerRef);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 px-3 pt-3">
        <input
          type="search"
          value={search}
          onChange={(event) => dialerRef.send({ type: 'contacts.searchChanged', text: event.target.value })}
          placeholder={t('contacts.search')}
          aria-label={t('contacts.search')}
          className="h-8 min-w-0 flex-1 rounded-md border border-line bg-surface px-2.5 text-sm focus:border-brand-500"
        />
        <IconButton
          icon="refresh"
          size="sm"
          label={t('contacts.refresh')}
          disabled={loading}
          onClick={() => contactsRef.send({ type: 'loader.reload' })}
        />
      </div>
      <p className="px-3 pt-1.5 pb-1 text-xs text-muted" aria-live="polite">
        {search.trim()
          ? t('contacts.shown', { shown: shown.length, total: contacts.length })
          : t('contacts.total', { count: contacts.length })}
      </p>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {loading ? (
          <p role="status" className="flex items-center gap-2 px-3 py-4 text-sm text-muted">
            <Spinner size="sm" /> {t('contacts.loading')}
          </p>
        ) : failed ? (
          <p role="alert" className="px-3 py-4 text-sm text-danger-600">
            {t('contacts.failed')}: {translateError(t, error)}
          </p>
        ) : shown.length === 0 ? (
          <p className="px-3 py-4 text-sm text-muted">
            {search.trim() ? t('contacts.noMatch', { text: search.trim() }) : t('contacts.empty')}
          </p>
        ) : (
          <ul aria-label={t('tabs.contacts')} className="divide-y divide-line/70">
            {shown.map((contact) => (
              <ContactRow
                key={contact.id}
                contact={contact}
                search={search}
                canCall={canCall}
                onCall={startCall}
                onPick={(number) => dialerRef.send({ type: 'keypad.change', value: number })}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

interface RowProps {
  contact: Contact;
  search: string;
  canCall: boolean;
  onCall: (number: string, video?: boolean, name?: string) => void;
  onPick: (number: string) => void;
}

function ContactRow({ contact, search, canCall, onCall, onPick }: RowProps) {
  const { t } = useTranslation('dialer');
  const name = contact.user?.name ?? contact.name ?? contact.number;
  return (
    <li className="flex items-center gap-2 px-3 py-2 hover:bg-canvas">
      <button
        type="button"
        className="min-w-0 flex-1 text-left"
        onClick={() => onPick(contact.number)}
        aria-label={t('contacts.toKeypad', { number: contact.number })}
      >
        <span className="block truncate text-sm font-medium text-ink">
          <Highlight text={name} search={search} />
        </span>
        <span className="block truncate text-xs text-muted">
          <Highlight text={contact.number} search={search} />
          {contact.user && contact.name && contact.name !== contact.user.name ? (
            <>
              {' · '}
              <Highlight text={contact.name} search={search} />
            </>
          ) : null}
          {contact.user?.description ? (
            <>
              {' · '}
              <Highlight text={contact.user.description} search={search} />
            </>
          ) : null}
        </span>
      </button>
      <IconButton
        icon="phone"
        size="sm"
        tone="accept"
        label={t('contacts.call', { name })}
        disabled={!canCall}
        onClick={() => onCall(contact.number, false, name)}
      />
    </li>
  );
}
