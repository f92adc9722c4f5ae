import { describe, expect, it } from 'vitest';
import { createI18n } from '../../src/ui/app/i18n-resources';
import { endCauseKey, KNOWN_END_CAUSES } from '../../src/ui/dialer/end-cause';

/** Why a call ended, in the user's language (the call card stories show it in English and Russian). */
describe('call end causes', () => {
  it('every JsSIP end cause has its text in both languages', () => {
    const i18n = createI18n('en');
    for (const cause of KNOWN_END_CAUSES) {
      const key = endCauseKey(cause);
      expect(key).not.toBeNull();
      for (const lng of ['en', 'ru']) expect(i18n.exists(`dialer:${key}`, { lng }), `${lng} ${cause}`).toBe(true);
    }
  });

  it('an unknown cause has no key: the card shows it as it came', () => {
    expect(endCauseKey('Something new')).toBeNull();
  });
});
