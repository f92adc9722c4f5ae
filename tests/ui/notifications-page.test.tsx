import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { NotificationTab } from '../../src/contract/entities/notification';
import type { SaveRequest, SaveResult } from '../../src/machines/entity-form/entity-form.machine';
import { entityFormMachine } from '../../src/machines/entity-form/entity-form.machine';
import {
  type MarkReadRequest,
  type NotificationPage,
  notificationListMachine,
} from '../../src/machines/notification-list/notification-list.machine';
import { sampleNotification } from '../../src/machines/notifications/notifications.sample';
import { createStubPageMachines } from '../../src/ui/storybook/frozen-actors';
import { renderApp } from './support/render-app';

/** A fake server: 25 notifications per tab, the tab name in each one's author. */
function pageMachines() {
  const calls = { pages: [] as { tab: NotificationTab; page: number }[], marks: [] as MarkReadRequest[] };
  const effects = { reportAllRead: vi.fn(), reportRead: vi.fn(), alert: vi.fn(), saved: [] as SaveRequest[] };
  const machines = createStubPageMachines();
  machines.notifications.list = notificationListMachine.provide({
    actors: {
      fetchPage: fromPromise<NotificationPage, { tab: NotificationTab; page: number }>(async ({ input }) => {
        calls.pages.push(input);
        const first = 100 - (input.page - 1) * 20;
        const count = input.page === 1 ? 20 : 5;
        return {
          data: Array.from({ length: count }, (_, i) =>
            sampleNotification(first - i, 'conversation_message_received', {
              conversation_id: first - i,
              author: `${input.tab} ${first - i}`,
            }),
          ),
          meta: { page: input.page, size: 20, total: 25 },
        };
      }),
      markRead: fromPromise<{ unread: number }, MarkReadRequest>(async ({ input }) => {
        calls.marks.push(input);
        return { unread: 0 };
      }),
    },
    actions: {
      reportAllRead: () => effects.reportAllRead(),
      reportRead: (_, p) => effects.reportRead(p),
      alert: (_, p) => effects.alert(p),
    },
  });
  machines.notifications.settingsForm = entityFormMachine.provide({
    actors: {
      loadItem: fromPromise<unknown, number>(async () => ({
        user: { id: 1, name: 'Alex Admin', email: 'admin@riverside.example' },
        notify_about_offline_device: true,
        notify_about_device_task_failed: true,
        acs: true,
      })),
      saveItem: fromPromise<SaveResult, SaveRequest>(async ({ input }) => {
        effects.saved.push(input);
        return { id: input.id ?? 1, item: { user: { id: 1, name: 'Alex Admin', email: null }, ...input.body } };
      }),
    },
    actions: { alert: (_, p) => effects.alert(p) },
  });
  return { machines, calls, effects };
}

// The page is a lazy chunk: the first render may take a while on a busy machine.
const tabs = () => screen.findByRole('navigation', { name: 'Notification types' }, { timeout: 5000 });

// Load the lazy page chunks once up front, so the first test does not pay for it within its time limit.
beforeAll(async () => {
  await import('../../src/ui/notifications/NotificationsPage');
  await import('../../src/ui/notifications/NotificationSettingsPage');
});

describe('/notifications page', () => {
  it('opens on the tab of ?type= and switches tabs through the URL', async () => {
    const { machines, calls } = pageMachines();
    const app = renderApp('/notifications?type=alarm', { machines });
    expect(within(await tabs()).getByRole('link', { name: 'Alarm' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('alarm 100 wrote to you')).toBeInTheDocument();
    expect(calls.pages).toEqual([{ tab: 'alarm', page: 1 }]);

    await app.user.click(within(await tabs()).getByRole('link', { name: 'ACS' }));
    expect(app.location().search).toBe('?type=acs');
    expect(await screen.findByText('acs 100 wrote to you')).toBeInTheDocument();
    expect(within(await tabs()).getByRole('link', { name: 'ACS' })).toHaveAttribute('aria-current', 'page');

    await app.user.click(within(await tabs()).getByRole('link', { name: 'All' }));
    expect(app.location().search).toBe('');
    expect(await screen.findByText('all 100 wrote to you')).toBeInTheDocument();
    expect(calls.pages.map((c) => c.tab)).toEqual(['alarm', 'acs', 'all']);
  });

  it('an unknown ?type= shows all', async () => {
    const { machines, calls } = pageMachines();
    renderApp('/notifications?type=loud', { machines });
    expect(within(await tabs()).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(calls.pages).toEqual([{ tab: 'all', page: 1 }]));
  });

  it('loads more, 20 at a time, until all are shown', async () => {
    const { machines, calls } = pageMachines();
    const app = renderApp('/notifications', { machines });
    expect(await screen.findByText('20 of 25')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('25 of 25')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls.pages).toEqual([
      { tab: 'all', page: 1 },
      { tab: 'all', page: 2 },
    ]);
  });

  it('opening one reads it (through the bell) and follows its link', async () => {
    const { machines, effects } = pageMachines();
    const app = renderApp('/notifications', { machines });
    await screen.findByText('all 100 wrote to you');
    await app.user.click(screen.getAllByRole('link', { name: 'New message' })[0]!);
    expect(effects.reportRead).toHaveBeenCalledWith({ id: 100 });
    expect(app.location().pathname).toBe('/conversation/100');
  });

  it('marks all read and tells the bell', async () => {
    const { machines, calls, effects } = pageMachines();
    const app = renderApp('/notifications', { machines });
    await screen.findByText('all 100 wrote to you');
    expect(document.querySelectorAll('[data-unread]')).toHaveLength(20);
    await app.user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(effects.reportAllRead).toHaveBeenCalledTimes(1));
    expect(calls.marks).toEqual([{ all: true }]);
    expect(document.querySelectorAll('[data-unread]')).toHaveLength(0);
    expect(effects.alert).toHaveBeenCalledWith({ kind: 'success', code: 'notifications:page.allMarked' });
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });
});

describe('/notifications/settings page', () => {
  it('loads the switches, saves a change and says so', async () => {
    const { machines, effects } = pageMachines();
    const app = renderApp('/notifications/settings', { machines });
    const acs = await screen.findByLabelText(/Access-control events/, undefined, { timeout: 5000 });
    expect(acs).toBeChecked();
    expect(screen.getByText('Notifications go to Alex Admin (admin@riverside.example)')).toBeInTheDocument();
    await app.user.click(acs);
    await app.user.click(screen.getByLabelText('Tell me when a device task fails'));
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(effects.saved).toHaveLength(1));
    expect(effects.saved[0]!.body).toEqual({
      notify_about_offline_device: true,
      notify_about_device_task_failed: false,
      acs: false,
    });
    await waitFor(() => expect(effects.alert).toHaveBeenCalledWith(expect.objectContaining({ kind: 'success' })));
    expect(screen.getByLabelText(/Access-control events/)).not.toBeChecked();
  });
});
