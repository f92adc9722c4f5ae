import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { STORED_KEYS } from '../../src/contract/constants';
import { notificationsMachine } from '../../src/machines/notifications/notifications.machine';
import { sampleNotifications as n } from '../../src/machines/notifications/notifications.sample';
import { createHttp } from '../../src/services/http';
import { createNavigation } from '../../src/services/navigation';
import {
  createNotificationImplementations,
  type DesktopApi,
  fetchNotificationsSummary,
} from '../../src/services/notification-effects';
import { createI18n } from '../../src/ui/app/i18n-resources';
import { notificationText } from '../../src/ui/notifications/notification-text';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const base = 'http://127.0.0.1/api/v0';

/** An http client over a fetch double answering by path. */
function httpWith(answers: Record<string, unknown>) {
  const seen: string[] = [];
  const fetch = vi.fn(async (input: Request) => {
    const url = new URL(input.url);
    seen.push(`${input.method} ${url.pathname.replace('/api/v0', '')}${url.search}`);
    return json(answers[url.pathname.replace('/api/v0', '')]);
  }) as unknown as typeof globalThis.fetch;
  return { http: createHttp({ getToken: () => 't', onUnauthorized: vi.fn(), fetch, baseUrl: base }), seen };
}

/** The part of Storage the effects use, over a map. */
const memoryStorage = (map: Map<string, string>) =>
  ({
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => {
      map.set(k, v);
    },
  }) as unknown as Storage;

function fakeDesktop(permission: NotificationPermission = 'default') {
  const shown: Array<{ title: string; body: string; click: () => void }> = [];
  const api: DesktopApi & { permission: NotificationPermission } = {
    permission,
    requestPermission: vi.fn(async () => 'granted' as const),
    show: (title, options, onClick) => shown.push({ title, body: options.body, click: onClick }),
  };
  return { api, shown };
}

describe('notification effects', () => {
  it('fetches the bell: unread summary plus the first 5 items', async () => {
    const { http, seen } = httpWith({
      '/notifications/unread': { data: { count: 3, important_count: 2, important: [n.announce] } },
      '/notifications/items': { data: [n.announce, n.message], meta: { page: 1, size: 5, total: 9 } },
    });
    expect(await fetchNotificationsSummary(http)).toEqual({
      latest: [n.announce, n.message],
      total: 9,
      unreadCount: 3,
      important: [n.announce],
      importantCount: 2,
    });
    expect(seen.sort()).toEqual(['GET /notifications/items?page=1&size=5', 'GET /notifications/unread']);
  });

  it('shows desktop notifications only when granted and the console is hidden; a click opens it', async () => {
    const desktop = fakeDesktop('granted');
    let hidden = false;
    const local = new Map<string, string>();
    const impl = createNotificationImplementations({
      http: httpWith({}).http,
      navigation: createNavigation(),
      describe: (x) => ({ title: `T${x.id}`, body: 'B' }),
      desktop: desktop.api,
      local: memoryStorage(local),
      sound: { play: vi.fn() },
      isHidden: () => hidden,
    });
    const actor = createActor(
      notificationsMachine.provide({ actions: { showDesktopNotification: impl.actions.showDesktopNotification } }),
      { input: { profileId: 4 } },
    ).start();
    const send = vi.spyOn(actor, 'send');
    impl.actions.showDesktopNotification({ self: actor }, { notification: n.announce });
    expect(desktop.shown).toEqual([]);
    hidden = true;
    impl.actions.showDesktopNotification({ self: actor }, { notification: n.announce });
    expect(desktop.shown.map((s) => s.title)).toEqual(['T41']);
    desktop.shown[0]!.click();
    expect(send).toHaveBeenCalledWith({ type: 'notification.open', id: 41 });
    actor.stop();
  });

  it('reports the permission and a stored "not now"; asks the browser and reports its answer', async () => {
    const desktop = fakeDesktop('default');
    const local = new Map<string, string>([[STORED_KEYS.desktopNotificationsDeclined, '1']]);
    const storage = memoryStorage(local);
    const impl = createNotificationImplementations({
      http: httpWith({}).http,
      navigation: createNavigation(),
      describe: () => ({ title: '', body: '' }),
      desktop: desktop.api,
      local: storage,
      sound: { play: vi.fn() },
    });
    const events: unknown[] = [];
    const self = { send: (e: unknown) => events.push(e) };
    impl.actions.checkDesktop({ self } as never);
    expect(events).toEqual([{ type: 'desktop.checked', desktop: { permission: 'default', declined: true } }]);
    impl.actions.requestDesktopPermission({ self } as never);
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'desktop.permissionChanged', permission: 'granted' }));
    local.clear();
    impl.actions.rememberDesktopDeclined();
    expect(local.get(STORED_KEYS.desktopNotificationsDeclined)).toBe('1');
  });

  it('plays a named sound and nothing for a silent one', () => {
    const sound = { play: vi.fn() };
    const impl = createNotificationImplementations({
      http: httpWith({}).http,
      navigation: createNavigation(),
      describe: () => ({ title: '', body: '' }),
      desktop: null,
      sound,
    });
    impl.actions.playSound(undefined, { sound: null });
    impl.actions.playSound(undefined, { sound: 'important' });
    expect(sound.play).toHaveBeenCalledTimes(1);
    expect(sound.play).toHaveBeenCalledWith('important');
  });
});

describe('navigation port', () => {
  it('opens in-app paths with their query through the attached router, refuses others', () => {
    const navigation = createNavigation();
    const go = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    navigation.go('/announce/abc');
    expect(warn).toHaveBeenCalled();
    const detach = navigation.attach(go);
    navigation.go('/notifications', { type: 'alarm' });
    navigation.go('//evil.example/x');
    navigation.go('https://evil.example');
    expect(go.mock.calls).toEqual([['/notifications?type=alarm']]);
    detach();
    navigation.go('/home');
    expect(go).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

describe('notification texts', () => {
  const i18n = createI18n('en');
  it('interpolates payload fields, names of objects, and falls back to words', () => {
    expect(notificationText(i18n.t, n.identifier)).toEqual({
      title: 'Identifier used',
      body: 'Identifier 00A1F3 was used on Gate panel',
    });
    expect(notificationText(i18n.t, { ...n.alarm, data: {} }).body).toBe('Alarm on an unknown device');
    expect(notificationText(i18n.t, { ...n.reboot, data: { has_error: true, output: ['line 1', 'line 2'] } })).toEqual({
      title: 'SIP service restart failed',
      body: 'line 1\nline 2',
    });
  });

  it('speaks Russian', async () => {
    await i18n.changeLanguage('ru');
    expect(notificationText(i18n.t, n.announce).title).toBe('Новое объявление');
    await i18n.changeLanguage('en');
  });
});
