import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/contract/errors';
import { failureAlert } from '../../src/machines/alerts/failure-alert';
import { createI18n } from '../../src/ui/app/i18n-resources';
import { translateAlertCode, translateError, translateFieldError } from '../../src/ui/kit/translate-error';

describe('translateError (8.1)', () => {
  const { t } = createI18n('en');
  const ru = createI18n('ru').t;

  it('looks the code up as errors.http.<code>, spaces and slashes included', () => {
    expect(translateError(t, { code: ERROR_CODES.incorrectLogin })).toBe('Incorrect login/password');
    expect(translateError(ru, { code: ERROR_CODES.incorrectLogin })).toBe('Неверный логин или пароль');
    expect(translateError(t, 'item not found')).toBe('Item not found');
  });

  it('shows the raw message when the catalogue has no entry, even with separators in it', () => {
    expect(translateError(t, { code: 'printer on fire' })).toBe('printer on fire');
    expect(translateError(t, { code: 'odd: message. with dots' })).toBe('odd: message. with dots');
  });

  it('falls back to the default text without a message', () => {
    for (const empty of [null, undefined, '', { code: '' }, { code: null }])
      expect(translateError(t, empty)).toBe('Error performing action. Contact support.');
    expect(translateError(t, { code: 'default' })).toBe('Error performing action. Contact support.');
  });

  it('names the transport failures', () => {
    expect(translateError(t, { code: 'network' })).toMatch(/No connection/);
    expect(translateError(t, { code: 'timeout' })).toMatch(/too long/);
    expect(translateError(t, { code: 'no projects' })).toMatch(/no project/);
  });

  it('lists the entities of an invalid related entity', () => {
    expect(translateError(t, { code: 'invalid related entity sent', entities: ['Door 1', 'Gate'] })).toBe(
      'Invalid related entity sent: Door 1, Gate',
    );
  });

  it('fills the message with the values the server sent: limits and hierarchy', () => {
    const limit = { code: 'sip number limit reached (total)', params: { used: 20, max: 20 } };
    expect(translateError(t, limit)).toBe("The project's limit of virtual numbers is reached (20 of 20)");
    expect(translateError(ru, limit)).toBe('Достигнут предел виртуальных номеров проекта (20 из 20)');
    const hierarchy = {
      code: 'wrong hierarchy: cannot put {childcode} into {parentcode}',
      params: { childCode: 'Unit', parentCode: 'Project' },
    };
    expect(translateError(t, hierarchy)).toBe('Wrong hierarchy: cannot put Unit into Project');
    // The same through an alert, as the machines raise it (failureAlert keeps the values).
    const alert = failureAlert({ ...limit, status: 400 });
    expect(alert).toEqual({
      kind: 'error',
      code: 'errors.http.sip number limit reached (total)',
      params: limit.params,
    });
    expect(translateAlertCode(t, alert.code, alert.params)).toMatch(/\(20 of 20\)$/);
    expect(failureAlert({ code: 'item not found' })).toEqual({ kind: 'error', code: 'errors.http.item not found' });
    expect(failureAlert(undefined).code).toBe('errors.http.default');
  });

  it('translates field errors with their parameters', () => {
    expect(translateFieldError(t, { code: 'max_length', params: { length: 31 } })).toBe('Max length 31 chars');
    expect(translateFieldError(t, { code: 'range', params: { min: 1, max: 500 } })).toBe('Value must be within 1-500');
    expect(translateFieldError(ru, { code: 'min_length', params: { length: 8 } })).toBe('Не менее 8 символов');
    expect(translateFieldError(t, { code: 'no such rule' })).toBe('Invalid value');
  });

  it('translates alert codes: catalogue ones through 8.1, others as keys', () => {
    expect(translateAlertCode(t, 'errors.http.wrong old password')).toBe('Wrong old password');
    expect(translateAlertCode(t, 'errors.http.something new')).toBe('something new');
    expect(translateAlertCode(t, 'common:form.checkFields')).toBe('Check fields data');
    expect(translateAlertCode(t, 'profile:password.changed')).toBe('Password changed');
  });
});
