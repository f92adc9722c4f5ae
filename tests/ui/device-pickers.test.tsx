import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { ListRow } from '../../src/machines/entity-list/entity-list.machine';
import { ActorProvider } from '../../src/ui/app/actor-context';
import { createI18n } from '../../src/ui/app/i18n-resources';
import { PickerDialog } from '../../src/ui/entities/PickerDialog';
import { usePickers } from '../../src/ui/entities/use-pickers';
import { createStoryRefs } from '../../src/ui/storybook/frozen-actors';
import { devicesBackend } from './support/devices-demo';
import { machinesOver } from './support/entity-demo';

/** One of the device pickers as another area's page would open it (several devices). */
function Harness({ which, onConfirm }: { which: 'devices' | 'permitDevices'; onConfirm: (rows: ListRow[]) => void }) {
  const spec = usePickers()[which];
  return (
    <PickerDialog
      open
      title={spec.title}
      machine={spec.machine}
      input={{ multiple: true, baseFilters: spec.baseFilters }}
      describe={spec.describe}
      searchLabel={spec.searchLabel}
      onConfirm={onConfirm}
      onClose={() => {}}
    />
  );
}

function renderPicker(which: 'devices' | 'permitDevices') {
  const backend = devicesBackend();
  const onConfirm = vi.fn();
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <ActorProvider refs={createStoryRefs()} machines={machinesOver(backend.http, () => undefined)}>
        <Harness which={which} onConfirm={onConfirm} />
      </ActorProvider>
    </I18nextProvider>,
  );
  return { backend, onConfirm, user: userEvent.setup() };
}

const asked = (backend: ReturnType<typeof devicesBackend>) =>
  JSON.parse(backend.calls.filter((c) => c.path === '/devices/items').at(-1)?.search.filters ?? '[]');

describe('device pickers', { timeout: 20_000 }, () => {
  it('devices: every device the caller sees, with its group and serial; several are chosen', async () => {
    const { backend, onConfirm, user } = renderPicker('devices');
    const picker = await screen.findByRole('dialog', { name: 'Choose devices' });
    const panel = await within(picker).findByRole('checkbox', { name: /Entrance panel/ });
    expect(within(picker).getByText('Building A · GH-DEMO-PANEL-A')).toBeInTheDocument();
    expect(within(picker).getByRole('checkbox', { name: /Lift controller/ })).toBeInTheDocument();
    expect(asked(backend)).toEqual([]);
    await user.click(panel);
    await user.click(within(picker).getByRole('checkbox', { name: /Parking plate camera/ }));
    await user.click(within(picker).getByRole('button', { name: 'Choose' }));
    expect(onConfirm.mock.calls[0]?.[0].map((row: ListRow) => row.id)).toEqual([1, 5]);
  });

  it('permit devices: only devices with a lock or barrier to open (no monitors, no lift controllers)', async () => {
    const { backend } = renderPicker('permitDevices');
    const picker = await screen.findByRole('dialog', { name: 'Choose devices to permit' });
    await waitFor(() =>
      expect(asked(backend)).toEqual([
        { field: 'type', rule: 'not_equals', value: 'monitor' },
        { field: 'type', rule: 'not_equals', value: 'liftcontroller' },
      ]),
    );
    expect(await within(picker).findByRole('checkbox', { name: /Main door controller/ })).toBeInTheDocument();
  });
});
