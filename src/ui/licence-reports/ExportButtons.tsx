import { useTranslation } from 'react-i18next';
import { REPORT_FORMATS } from '../../contract/entities/licence';
import { Button } from '../kit/Button';

/** The report's export: Excel or CSV (5-minute timeout, 7.1). */
export function ExportButtons({ onExport }: { onExport: (format: (typeof REPORT_FORMATS)[number]) => void }) {
  const { t } = useTranslation('licences');
  return (
    <div className="flex gap-2">
      {REPORT_FORMATS.map((format) => (
        <Button key={format} size="sm" onClick={() => onExport(format)}>
          {t(`report.export.${format}`)}
        </Button>
      ))}
    </div>
  );
}
