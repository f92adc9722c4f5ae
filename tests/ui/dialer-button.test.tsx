import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { dialerButton } from '../../src/machines/dialer/dialer.rules';
import type { RegistrationStatus } from '../../src/machines/sip-registration/sip-registration.machine';
import { createI18n } from '../../src/ui/app/i18n-resources';
import { dialerScenes } from '../../src/ui/dialer/dialer-scenes';
import { Fab } from '../../src/ui/shell/FloatingButtons';

/**
 * The floating dialer button says its state in words (issue 10): a screen-reader
 * user hears registered, offline, error or ringing, as a sighted user sees the colour.
 */
function nameOf(registration: RegistrationStatus, scene: keyof typeof dialerScenes, locale: 'en' | 'ru' = 'en') {
  const button = dialerButton({ ...dialerScenes[scene].dialer.context, registration });
  const view = render(
    <I18nextProvider i18n={createI18n(locale)}>
      <Fab button={button} onClick={() => {}} />
    </I18nextProvider>,
  );
  const name = screen.getByRole('button').getAttribute('aria-label');
  view.unmount();
  return name;
}

describe('the floating dialer button’s accessible name', () => {
  it.each([
    ['registered', 'idle', 'Dialer: ready for calls'],
    ['registering', 'idle', 'Dialer: connecting…'],
    ['requestingMedia', 'idle', 'Dialer: connecting…'],
    ['unregistering', 'idle', 'Dialer: going offline…'],
    ['unregistered', 'idle', 'Dialer: offline, not registered'],
    ['mediaDenied', 'idle', 'Dialer: offline, no microphone access'],
    ['error', 'idle', 'Dialer: connection error'],
    ['invalid_registration', 'idle', 'Dialer: connection error'],
    ['registered', 'busy', 'Dialer: incoming call (1)'],
  ] as [RegistrationStatus, keyof typeof dialerScenes, string][])('%s (%s): "%s"', (registration, scene, name) => {
    expect(nameOf(registration, scene)).toBe(name);
  });

  it('registered and error never sound the same, in either language', () => {
    for (const locale of ['en', 'ru'] as const) {
      expect(nameOf('registered', 'idle', locale)).not.toBe(nameOf('error', 'idle', locale));
      expect(nameOf('unregistered', 'idle', locale)).not.toBe(nameOf('registered', 'idle', locale));
    }
    expect(nameOf('error', 'idle', 'ru')).toBe('Звонилка: ошибка подключения');
  });
});
