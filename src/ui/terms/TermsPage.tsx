import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { Language } from '../../contract/constants';
import { selectLocale } from '../../machines/app/app.selectors';
import { useAppActor, usePageMachines } from '../app/actor-context';
import { TermsView } from './TermsView';

/** /terms-and-conditions (public): the terms page of the current language. */
export function TermsPage() {
  const locale = useSelector(useAppActor(), selectLocale);
  // A new language is a new document: remount with that language's resource.
  return <TermsForLocale key={locale} locale={locale} />;
}

function TermsForLocale({ locale }: { locale: Language }) {
  const { terms } = usePageMachines();
  const machine = useMemo(() => terms(locale), [terms, locale]);
  const termsRef = useActorRef(machine);
  return <TermsView termsRef={termsRef} />;
}
