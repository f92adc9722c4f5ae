import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { NOTIFICATION_MARK_READ_DELAY_MS } from '../../src/contract/constants';
import { userTopic } from '../../src/contract/realtime';
import { notificationsMachine } from '../../src/machines/notifications/notifications.machine';
import { sampleNotifications as n, sampleNotification } from '../../src/machines/notifications/notifications.sample';
import type { NotificationsSummary } from '../../src/machines/notifications/notifications.types';
import { createI18n } from '../../src/ui/app/i18n-resources';
import { NotificationBellView } from '../../src/ui/notifications/NotificationBellView';
import { NotificationPopups } from '../../src/ui/notifications/NotificationPopups';

const summary = (): NotificationsSummary => ({
  latest: [n.announce, n.alarm, n.message, n.identifier, n.reboot],
  total: 12,
  unreadCount: 5,
  important: [n.announce, n.alarm, n.revoked],
  importantCount: 4,
});

/** The bell and popups over a real notifications actor whose effects are recorded. */
function renderBell(options: { desktop?: 'default' | 'granted' } = {}) {
  const effects = {
    marked: [] as number[][],
    navigate: vi.fn(),
    playSound: vi.fn(),
    requestDesktopPermission: vi.fn(),
    rememberDesktopDeclined: vi.fn(),
  };
  const machine = notificationsMachine.provide({
    actors: {
      fetchSummary: fromPromise(async () => summary()),
      markRead: fromPromise(async ({ input }: { input: { ids: number[] } }) => {
        effects.marked.push(input.ids);
        return { unread: 5 - input.ids.length + 1 };
      }),
    },
    actions: {
      navigate: (_, params) => effects.navigate(params),
      playSound: (_, params) => effects.playSound(params),
      requestDesktopPermission: () => effects.requestDesktopPermission(),
      rememberDesktopDeclined: () => effects.rememberDesktopDeclined(),
    },
  });
  const actor = createActor(machine, {
    input: { profileId: 4, desktop: { permission: options.desktop ?? 'granted', declined: false } },
  }).start();
  const i18n = createI18n('en');
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <NotificationBellView actor={actor} />
            <NotificationPopups actor={actor} />
          </>
        ),
      },
    ],
    { initialEntries: ['/home'] },
  );
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { actor, effects, user };
}

const bell = () => screen.findByRole('button', { name: /^Notifications/ });
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('notification bell', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('opening the bell marks what it shows read after 1 s, and the badge and popups follow', async () => {
    const { effects, user } = renderBell();
    expect(await bell()).toHaveAccessibleName('Notifications, 5 unread');
    expect(await screen.findByRole('region', { name: 'Important notifications' })).toBeInTheDocument();

    await user.click(await bell());
    expect(await screen.findByRole('region', { name: 'Latest' })).toBeInTheDocument();
    // The exact boundary is the machine test's; here: not at half the delay, done after it.
    await advance(NOTIFICATION_MARK_READ_DELAY_MS / 2);
    expect(effects.marked).toEqual([]);
    await advance(NOTIFICATION_MARK_READ_DELAY_MS / 2);
    expect(effects.marked).toEqual([[41, 40, 39, 36]]);
    expect(await bell()).toHaveAccessibleName('Notifications, 2 unread');
    // Still listed in the open bell, now read; the popups are gone.
    expect(within(screen.getByRole('region', { name: 'Important' })).getAllByRole('button')).toHaveLength(3);
    expect(screen.queryByRole('region', { name: 'Important notifications' })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Latest' })).not.toBeInTheDocument();
    await user.click(await bell());
    expect(screen.queryByRole('region', { name: 'Important' })).not.toBeInTheDocument();
  });

  it('closing the bell within the second leaves everything unread', async () => {
    const { effects, user } = renderBell();
    await user.click(await bell());
    await screen.findByRole('region', { name: 'Latest' });
    await advance(NOTIFICATION_MARK_READ_DELAY_MS / 2);
    await user.click(await bell());
    await advance(NOTIFICATION_MARK_READ_DELAY_MS * 3);
    expect(effects.marked).toEqual([]);
    expect(await bell()).toHaveAccessibleName('Notifications, 5 unread');
  });

  it('is usable by keyboard: Enter opens, Tab reaches a notification, Enter opens it and closes the bell', async () => {
    const { effects, user } = renderBell();
    (await bell()).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('region', { name: 'Latest' });
    const announce = within(screen.getByRole('region', { name: 'Important' })).getByRole('button', {
      name: 'New announcement',
    });
    while (document.activeElement !== announce) await user.tab();
    await user.keyboard('{Enter}');
    expect(effects.navigate).toHaveBeenCalledWith({ page: '/announce/abc', query: {} });
    expect(screen.queryByRole('region', { name: 'Latest' })).not.toBeInTheDocument();
    await advance(0);
    expect(effects.marked).toEqual([[41]]);
  });

  it('a live important notification joins the badge and popups and plays its sound', async () => {
    const { actor, effects } = renderBell();
    await bell();
    await advance(0);
    act(() =>
      actor.send({
        type: 'realtime.message',
        topic: userTopic(4),
        data: {
          type: 'NotificationCreated',
          notification: sampleNotification(60, 'device_alarm_enabled', {
            alarm_id: 9,
            device: { id: 2, name: 'Lift' },
          }),
        },
      }),
    );
    expect(await bell()).toHaveAccessibleName('Notifications, 6 unread');
    expect(await screen.findByText('Alarm on Lift')).toBeInTheDocument();
    expect(effects.playSound).toHaveBeenCalledWith({ sound: 'important' });
  });

  it('popups: dismiss one, then hide all', async () => {
    const { effects, user } = renderBell();
    const area = await screen.findByRole('region', { name: 'Important notifications' });
    await user.click(within(area).getAllByRole('button', { name: 'Dismiss' })[0]!);
    await advance(0);
    expect(effects.marked).toEqual([[41]]);
    await user.click(within(area).getByRole('button', { name: 'Hide all' }));
    await advance(0);
    expect(effects.marked).toEqual([[41], [40, 36]]);
    expect(screen.queryByRole('region', { name: 'Important notifications' })).not.toBeInTheDocument();
  });

  it('asks for desktop notifications only on the Turn on click; Not now is remembered', async () => {
    const first = renderBell({ desktop: 'default' });
    await first.user.click(await bell());
    await first.user.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(first.effects.requestDesktopPermission).toHaveBeenCalledTimes(1);
    act(() => first.actor.send({ type: 'desktop.permissionChanged', permission: 'denied' }));
    expect(screen.queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument();
  });

  it('Not now hides the question and remembers the answer', async () => {
    const { effects, user } = renderBell({ desktop: 'default' });
    await user.click(await bell());
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(effects.rememberDesktopDeclined).toHaveBeenCalledTimes(1);
    expect(effects.requestDesktopPermission).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument();
  });
});
