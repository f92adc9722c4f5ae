import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { licencesFixtures } from '../licences/licences.fixtures';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { LicencesPeriodView } from './LicencesPeriodView';
import { LicencesUsedView } from './LicencesUsedView';

/** The two licence reports of 2.5 over frozen loaders. */
function ReportStory({ report }: { report: 'used' | 'period' }) {
  const loader = useFrozenActor(
    loaderMachine,
    report === 'used' ? licencesFixtures.usedReport : licencesFixtures.periodReport,
  );
  return report === 'used' ? (
    <LicencesUsedView loader={loader} onExport={() => {}} />
  ) : (
    <LicencesPeriodView loader={loader} onExport={() => {}} />
  );
}

const meta = {
  title: 'Licences/Reports',
  component: ReportStory,
  argTypes: { report: { control: 'select', options: ['used', 'period'] } },
} satisfies Meta<typeof ReportStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Used: Story = {
  args: { report: 'used' },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const table = await page.findByRole('table', { name: 'Licences used' });
    await expect(within(table).getByRole('img', { name: 'Building A, UKEY2: 100 of 100' })).toBeInTheDocument();
    await expect(within(table).getByRole('link', { name: 'Building B' })).toHaveAttribute(
      'href',
      '/reports/licenses?group=3',
    );
    await expect(page.getByRole('button', { name: 'Export to CSV' })).toBeEnabled();
  },
};

export const Period: Story = {
  args: { report: 'period' },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(
      await page.findByRole('img', { name: /^Licences and group periods\. demo-riverside-previous/ }),
    ).toBeInTheDocument();
    await expect(page.getByRole('img', { name: /^UKEY2 licensed\./ })).toHaveAccessibleName(/∞/);
  },
};
