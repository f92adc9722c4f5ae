import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, setup } from 'xstate';
import { DEVICE_TASKS_TOPIC, DEVICES_TOPIC } from '../../src/contract/realtime';
import { topicFeedMachine } from '../../src/machines/topic-feed/topic-feed.machine';
import { composeAreas } from '../../src/services/areas/areas';
import { devicesBackend } from './support/devices-demo';
import { renderWithBackend } from './support/entity-demo';
import { renderApp } from './support/render-app';

/** A lazily loaded page's first render may take a while on a busy machine. */
const LOAD = { timeout: 15_000 };

const devicesTable = () => screen.findByRole('table', { name: 'Devices' }, LOAD);
const rowOf = (table: HTMLElement, name: RegExp) => within(table).getByRole('row', { name });
const region = (name: string) => screen.queryByRole('region', { name });
/** Types a long text at once (typing key by key is slow on a loaded machine). */
async function paste(app: ReturnType<typeof renderWithBackend>, input: HTMLElement, text: string) {
  await app.user.click(input);
  await app.user.paste(text);
}
/** A filter's menu button (the table's sort buttons share its name). */
const filterButton = (name: string) =>
  screen.getAllByRole('button', { name }).find((b) => b.hasAttribute('aria-haspopup')) as HTMLElement;
const lastBody = (backend: ReturnType<typeof devicesBackend>, method: string) =>
  backend.calls.filter((c) => c.method === method).at(-1)?.body as Record<string, unknown> | undefined;

describe('devices list', { timeout: 60_000 }, () => {
  it('shows name, type, serial, group, address, status and protocol of each device', async () => {
    renderWithBackend('/devices', devicesBackend());
    const table = await devicesTable();
    const panel = rowOf(table, /Entrance panel/);
    for (const text of ['AA12', 'Door panel', 'GH-DEMO-PANEL-A', 'Building A', '127.0.1.1:80', 'Online', 'MQTT']) {
      expect(panel).toHaveTextContent(text);
    }
    expect(rowOf(table, /Bike room controller/)).toHaveTextContent('Offline');
    expect(rowOf(table, /Parking plate camera/)).toHaveTextContent('HTTP');
    // The time of the last change is there, exactly, for whoever hovers.
    expect(within(panel).getByText(/ago/).closest('time')).toHaveAttribute('datetime', '2026-11-25T07:40:00.000Z');
  });

  it('filters by type and by status, and searches by name, serial or IP', async () => {
    const backend = devicesBackend();
    const app = renderWithBackend('/devices', backend);
    const table = await devicesTable();
    await app.user.click(filterButton('Type'));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Access controller' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(rowOf(table, /Main door controller/)).toBeInTheDocument();
    expect(within(table).queryByRole('row', { name: /Entrance panel/ })).not.toBeInTheDocument();
    expect(app.location().search).toContain('type');

    await app.user.click(filterButton('Status'));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Offline' }));
    await waitFor(() =>
      expect(JSON.parse(backend.calls.at(-1)?.search.filters ?? '[]')).toEqual(
        expect.arrayContaining([
          { field: 'type', rule: 'equals', value: 'accesscontroller' },
          { field: 'status', rule: 'equals', value: 'offline' },
        ]),
      ),
    );

    await app.user.click(filterButton('Status: Offline'));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Any' }));
    await app.user.type(screen.getByRole('searchbox', { name: 'Search by name, serial number or IP' }), 'AC-1');
    // The search goes to the server as a contains filter over the contract's name, serial and IP.
    await waitFor(() =>
      expect(JSON.parse(backend.calls.at(-1)?.search.filters ?? '[]')).toEqual([
        { field: 'type', rule: 'equals', value: 'accesscontroller' },
        { field: 'search', rule: 'contains', value: 'AC-1' },
      ]),
    );
  });

  it('takes a device’s new status live, in place, without reloading the list; a task change reloads it', async () => {
    const backend = devicesBackend();
    const asked: unknown[] = [];
    // A root with the real topic feed and a stand-in realtime actor that records what it is asked.
    const root = createActor(
      setup({
        actors: { feed: topicFeedMachine, realtime: fromCallback(({ receive }) => receive((e) => asked.push(e))) },
      }).createMachine({
        invoke: [
          { id: 'realtime', systemId: 'realtime', src: 'realtime' },
          { id: 'topicFeed', systemId: 'topicFeed', src: 'feed' },
        ],
      }),
    ).start();
    let rendered: ReturnType<typeof renderApp> | undefined;
    const machines = composeAreas({
      http: backend.http,
      showAlert: (alert) => rendered?.refs.alerts.send({ type: 'alert.show', ...alert }),
      session: () => rendered?.refs.session,
      app: () => root as never,
    });
    rendered = renderApp('/devices', { machines });
    const table = await devicesTable();
    expect(asked).toEqual([
      { type: 'realtime.subscribe', topic: DEVICES_TOPIC, subscriber: 'topicFeed' },
      { type: 'realtime.subscribe', topic: DEVICE_TASKS_TOPIC, subscriber: 'topicFeed' },
    ]);
    const loads = backend.calls.filter((c) => c.path === '/devices/items').length;
    expect(rowOf(table, /Bike room controller/)).toHaveTextContent('Offline');

    const at = new Date(Date.now() - 5_000).toISOString();
    act(() =>
      root.system.get('topicFeed').send({
        type: 'realtime.message',
        topic: DEVICES_TOPIC,
        data: { type: 'DeviceStatusChanged', device_id: 3, status: 'online', at },
      }),
    );
    const bike = rowOf(table, /Bike room controller/);
    await waitFor(() => expect(bike).toHaveTextContent('Online'));
    expect(
      within(bike)
        .getByText(/ago|now/)
        .closest('time'),
    ).toHaveAttribute('datetime', at);
    // Other rows are untouched, and nothing was fetched again.
    expect(rowOf(table, /Main door controller/)).toHaveTextContent('Online');
    expect(backend.calls.filter((c) => c.path === '/devices/items')).toHaveLength(loads);

    // A device's tasks changed: the page is read again (its rows' sync state).
    act(() =>
      root.system.get('topicFeed').send({
        type: 'realtime.message',
        topic: DEVICE_TASKS_TOPIC,
        data: {
          type: 'DeviceTasksChanged',
          device_id: 3,
          tasks: [{ id: 1, status: 'completed' }],
          pending_tasks: 0,
          at,
        },
      }),
    );
    await waitFor(() => expect(backend.calls.filter((c) => c.path === '/devices/items')).toHaveLength(loads + 1));

    rendered.unmount();
    expect(asked.slice(-2)).toEqual([
      { type: 'realtime.unsubscribe', topic: DEVICES_TOPIC, subscriber: 'topicFeed' },
      { type: 'realtime.unsubscribe', topic: DEVICE_TASKS_TOPIC, subscriber: 'topicFeed' },
    ]);
    root.stop();
  });

  it('deletes the selected devices after a confirmation', async () => {
    const backend = devicesBackend();
    const app = renderWithBackend('/devices', backend);
    const table = await devicesTable();
    await app.user.click(within(rowOf(table, /Bike room controller/)).getByRole('checkbox'));
    await app.user.click(screen.getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('1 device');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Bike room controller/ })).toBeNull());
    expect(lastBody(backend, 'POST')).toEqual({ items: [3] });
  });

  it('says so when nothing is there yet', async () => {
    const backend = devicesBackend();
    backend.tables.devices!.rows.length = 0;
    renderWithBackend('/devices', backend);
    expect(await screen.findByText(/nothing here yet|no devices/i, {}, LOAD)).toBeInTheDocument();
  });
});

describe('device page', { timeout: 60_000 }, () => {
  it('shows the sections of the device’s type, and the sections follow a change of type', async () => {
    const app = renderWithBackend('/devices/1/edit', devicesBackend());
    await screen.findByRole('heading', { name: 'Entrance panel' }, LOAD);
    for (const name of ['SIP', 'Address', 'Network', 'Additional', 'Face recognition', 'Lift controller']) {
      expect(region(name)).toBeInTheDocument();
    }
    expect(region('Number-plate camera')).toBeNull();
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Number-plate camera');
    expect(region('Number-plate camera')).toBeInTheDocument();
    expect(region('SIP')).toBeNull();
    expect(region('Face recognition')).toBeNull();
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Lift controller');
    expect(region('Lift controller')).toBeInTheDocument();
    expect(region('Network')).toBeInTheDocument();
    expect(region('Address')).toBeNull();
  });

  it('saves a changed setting with the stored secrets untouched and comma decimals as numbers', async () => {
    const backend = devicesBackend();
    const app = renderWithBackend('/devices/1/edit', backend);
    await screen.findByRole('heading', { name: 'Entrance panel' }, LOAD);
    expect(screen.getByLabelText('MQTT password')).toHaveValue('********');
    expect(screen.getByLabelText('Latitude')).toHaveValue('56.9712');
    await app.user.clear(screen.getByLabelText('Latitude'));
    await app.user.type(screen.getByLabelText('Latitude'), '56,95');
    await app.user.click(screen.getByRole('checkbox', { name: 'Manual settings' }));
    await paste(app, screen.getByLabelText(/^Proxy address/), 'sip.riverside.example');
    await paste(app, screen.getByLabelText(/^SIP login/), 'panel-a');
    await app.user.clear(screen.getByLabelText('Talk timeout'));
    await app.user.type(screen.getByLabelText('Talk timeout'), '90');
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(app.location().pathname).toBe('/devices'));
    const body = lastBody(backend, 'PATCH')!;
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('device_password');
    expect(body).toMatchObject({
      location_latitude: 56.95,
      location_longitude: 24.1603,
      domain_id: 2,
      sip_number_id: 6,
    });
    const settings = body.device_settings as Record<string, Record<string, unknown>>;
    expect(settings.mqtt_password).toBeNull();
    expect(settings.sip).toMatchObject({
      manual: true,
      proxy_address: 'sip.riverside.example',
      login: 'panel-a',
      password: null,
      talk_timeout: 90,
      transport: 'UDP',
    });
    expect(settings.additional).toMatchObject({ button_numbers: ['', '', '', ''] });
  });

  it('checks manual SIP before sending: proxy and login are required', async () => {
    const backend = devicesBackend();
    const app = renderWithBackend('/devices/1/edit', backend);
    await screen.findByRole('heading', { name: 'Entrance panel' }, LOAD);
    await app.user.click(screen.getByRole('checkbox', { name: 'Manual settings' }));
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByLabelText(/^Proxy address/)).toHaveAccessibleDescription('Field is required');
    expect(screen.getByLabelText(/^SIP login/)).toHaveAccessibleDescription('Field is required');
    expect(backend.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});

describe('floor map', { timeout: 60_000 }, () => {
  it('adds and removes floors; a floor twice or a relay out of range is refused on its cell before sending', async () => {
    const backend = devicesBackend();
    const app = renderWithBackend('/devices/4/edit', backend);
    expect(await screen.findByLabelText('Name, row 1', {}, LOAD)).toHaveValue('Lobby');
    await app.user.click(screen.getByRole('button', { name: 'Add floor' }));
    // The new row is the next floor up.
    expect(screen.getByLabelText('Floor, row 4')).toHaveValue('3');
    await app.user.clear(screen.getByLabelText('Floor, row 4'));
    await app.user.type(screen.getByLabelText('Floor, row 4'), '1');
    await app.user.type(screen.getByLabelText('Relays, row 4'), '33');
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByLabelText('Floor, row 4')).toHaveAccessibleDescription(/Floor: Value must be unique/);
    expect(screen.getByLabelText('Relays, row 4')).toHaveAccessibleDescription(/Relays: Value must be within 1-32/);
    expect(backend.calls.some((c) => c.method === 'PATCH')).toBe(false);

    await app.user.click(screen.getByRole('button', { name: 'Remove floor row 4' }));
    expect(screen.queryByLabelText('Floor, row 4')).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Add floor' }));
    await app.user.type(screen.getByLabelText('Apartments, row 4'), '301, 302 ,');
    await app.user.type(screen.getByLabelText('Relays, row 4'), '4, 5');
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(app.location().pathname).toBe('/devices'));
    const settings = lastBody(backend, 'PATCH')!.device_settings as { lift_controller: { floor_map: unknown[] } };
    expect(settings.lift_controller.floor_map).toEqual([
      { floor: 0, name: 'Lobby', is_public: true, is_panel_floor: false, apartments: [], ports: [1] },
      { floor: 1, name: null, is_public: false, is_panel_floor: false, apartments: ['101', '102'], ports: [2] },
      { floor: 2, name: null, is_public: false, is_panel_floor: false, apartments: ['201', '202'], ports: [3] },
      { floor: 3, name: null, is_public: false, is_panel_floor: false, apartments: ['301', '302'], ports: [4, 5] },
    ]);
  });

  it('shows the server’s floor rule errors on their cells', async () => {
    const backend = devicesBackend({}, () => ({
      code: 'wrong parameters',
      status: 400,
      fields: {
        'device_settings.lift_controller.floor_map.2.apartments': { code: 'invalid' },
        'device_settings.lift_controller.floor_map.0.ports.0': { code: 'range', params: { min: 1, max: 32 } },
      },
    }));
    const app = renderWithBackend('/devices/4/edit', backend);
    await screen.findByLabelText('Name, row 1', {}, LOAD);
    await app.user.type(screen.getByLabelText('Name, row 3'), 'Penthouse');
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Apartments, row 3')).toHaveAccessibleDescription(
        "Apartments: The panel's floor lists no apartments",
      ),
    );
    expect(screen.getByLabelText('Relays, row 1')).toHaveAccessibleDescription('Relays: Value must be within 1-32');
    expect(app.location().pathname).toBe('/devices/4/edit');
  });
});
