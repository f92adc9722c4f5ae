/** A server log line as the logs view shows it: pino's JSON read into time, level and message. */
export interface LogLine {
  time: string | null;
  level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | null;
  message: string;
  /** What else the line says (request id, URL, status, error). */
  extra: string;
}

const LEVELS: Record<number, LogLine['level']> = {
  60: 'fatal',
  50: 'error',
  40: 'warn',
  30: 'info',
  20: 'debug',
  10: 'trace',
};
const SKIP = new Set(['time', 'level', 'msg', 'pid', 'hostname', 'v']);

/** Reads one line (a line that is not pino's JSON is shown as it is). */
export function readLogLine(line: string): LogLine {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return { time: null, level: null, message: line, extra: '' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { time: null, level: null, message: line, extra: '' };
  }
  const record = parsed as Record<string, unknown>;
  const time = typeof record.time === 'number' ? new Date(record.time).toISOString() : null;
  const extra = Object.entries(record)
    .filter(([key]) => !SKIP.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  return {
    time,
    level: LEVELS[Number(record.level)] ?? null,
    message: typeof record.msg === 'string' ? record.msg : '',
    extra,
  };
}
