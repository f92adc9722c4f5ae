import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { LicenceItemDialog } from './LicenceItemDialog';
import { LicenceSummary } from './LicenceSummary';
import { LicencesView } from './LicencesView';
import { licencesFixtures } from './licences.fixtures';
import { NoticeSettingsDialog } from './NoticeSettingsDialog';

const noop = () => {};
const all = { add: true, fromServer: true, delete: true, notices: true };

const SCENES = {
  licences: { list: 'list', state: 'state' },
  noLicence: { list: 'emptyList', state: 'noLicenceState' },
  deleting: { list: 'confirmingDelete', state: 'state' },
} as const;

/** /licenses over frozen actors: what the licences give, then the installed licences. */
function LicencesScreen({ scene, dialog }: { scene: keyof typeof SCENES; dialog?: 'item' | 'notices' }) {
  const s = SCENES[scene];
  const listRef = useFrozenActor(entityListMachine, licencesFixtures[s.list]);
  const stateRef = useFrozenActor(loaderMachine, licencesFixtures[s.state]);
  return (
    <LicencesView
      listRef={listRef}
      summary={<LicenceSummary loader={stateRef} />}
      can={all}
      onAdd={noop}
      onOpen={noop}
      onNotices={noop}
    >
      {dialog === 'item' ? <ItemFrame /> : null}
      {dialog === 'notices' ? <NoticesFrame /> : null}
    </LicencesView>
  );
}

function ItemFrame() {
  const loader = useFrozenActor(loaderMachine, licencesFixtures.item);
  return <LicenceItemDialog loader={loader} canDelete onDelete={noop} onClose={noop} />;
}

function NoticesFrame() {
  const formRef = useFrozenActor(entityFormMachine, licencesFixtures.notices);
  return <NoticeSettingsDialog formRef={formRef} onClose={noop} />;
}

const meta = {
  title: 'Licences/Page',
  component: LicencesScreen,
  argTypes: { scene: { control: 'select', options: Object.keys(SCENES) } },
} satisfies Meta<typeof LicencesScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Licences: Story = {
  args: { scene: 'licences' },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const table = await page.findByRole('table', { name: 'Licences' });
    await expect(within(table).getByText('HARBOUR-2025-PLUS')).toBeInTheDocument();
    await expect(within(table).getByText('Disabled')).toBeInTheDocument();
    await expect(page.getByRole('img', { name: 'Virtual numbers: 168 of 200' })).toBeInTheDocument();
    await expect(page.getByRole('list', { name: 'Licensed features' })).toHaveTextContent('Elevators');
    await expect(page.getByRole('button', { name: 'Add from licence server' })).toBeEnabled();
  },
};

export const NoLicence: Story = {
  args: { scene: 'noLicence' },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText('No licence is installed')).toBeInTheDocument();
    await expect(page.getByText('No valid licence')).toBeInTheDocument();
    await expect(page.getAllByText('Not licensed')).toHaveLength(3);
  },
};

export const Deleting: Story = {
  args: { scene: 'deleting' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Confirm deletion' });
    await expect(dialog).toHaveTextContent('1 licence will be deleted.');
  },
};

export const Item: Story = {
  args: { scene: 'licences', dialog: 'item' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Licence HARBOUR-2025-PLUS' });
    await expect(within(dialog).getByRole('region', { name: 'Mobile app' })).toHaveTextContent('150');
    await expect(within(dialog).getByRole('button', { name: 'Delete licence' })).toBeEnabled();
  },
};

export const Notices: Story = {
  args: { scene: 'licences', dialog: 'notices' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Licence notices' });
    await expect(within(dialog).getByRole('combobox', { name: 'How often' })).toHaveValue('everyday');
    await expect(within(dialog).getByRole('textbox', { name: 'Days before' })).toHaveValue('14');
  },
};
