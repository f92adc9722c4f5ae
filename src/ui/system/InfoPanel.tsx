import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { SystemInfo } from '../../contract/entities/system';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { formatInstant } from '../call-history/call-format';
import { Card } from '../kit/Card';
import { Loaded } from './Loaded';
import { formatBytes, formatUptime } from './system-format';

/** The node at a glance: version, database, uptime, host, memory, log level, audit retention, Prometheus. */
export function InfoPanel({ infoRef }: { infoRef: ActorRefFrom<LoaderMachine> }) {
  const { t, i18n } = useTranslation('system');
  return (
    <Card title={t('tabs.info')}>
      <Loaded<SystemInfo> actor={infoRef} loading={t('info.loading')} failed={t('info.failed')}>
        {(info) => {
          const rows: [string, string][] = [
            [t('info.version'), info.version],
            [t('info.node'), info.node_version],
            [t('info.database'), t(`info.databases.${info.database}`)],
            [t('info.started'), formatInstant(info.started_at, i18n.language)],
            [t('info.uptime'), formatUptime(info.uptime_seconds)],
            [t('info.host'), info.hostname],
            [t('info.pid'), String(info.pid)],
            [t('info.platform'), info.platform],
            [t('info.cpus'), String(info.cpus)],
            [t('info.load'), info.load_average.join(' · ')],
            [t('info.memory'), formatBytes(info.memory_rss_bytes, i18n.language)],
            [t('info.heap'), formatBytes(info.heap_used_bytes, i18n.language)],
            [t('info.logLevel'), info.log_file_level],
            [t('info.auditRetention'), t('info.auditDays', { count: info.audit_retention_days })],
            [
              t('info.prometheus'),
              t(info.prometheus.token ? 'info.prometheusToken' : 'info.prometheusNoToken', {
                path: info.prometheus.path,
              }),
            ],
          ];
          return (
            <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1.5 text-[13px]">
              {rows.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-muted">{label}</dt>
                  <dd className="break-words">{value}</dd>
                </div>
              ))}
            </dl>
          );
        }}
      </Loaded>
    </Card>
  );
}
