// The delivery settings (README "E-mail delivery", docs/delivery.md). The defaults fit one Google
// Workspace account sending through smtp.gmail.com: 2,000 messages a day, paced at 60 a minute.
type Env = Record<string, string | undefined>;

export interface DeliveryConfig {
  /** Messages a minute per node; 0 sends as fast as the server accepts. */
  ratePerMinute: number;
  /** Messages a day (UTC) over all nodes. */
  dailyLimit: number;
  /** Per user and day: jobs started, and recipients in them. */
  userDailyJobs: number;
  userDailyRecipients: number;
  /** Days after a job ended before its documents and message bodies are deleted. */
  retentionDays: number;
  /** Simultaneous SMTP connections of a node. */
  connections: number;
}

function whole(env: Env, name: string, fallback: number, min: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  if (!/^\d{1,9}$/.test(text) || Number(text) < min)
    throw new Error(`${name} must be a whole number, ${min} or more (got "${env[name]}")`);
  return Number(text);
}

export function loadDeliveryConfig(env: Env): DeliveryConfig {
  return {
    ratePerMinute: whole(env, 'MAIL_RATE', 60, 0),
    dailyLimit: whole(env, 'MAIL_DAILY_LIMIT', 2000, 1),
    userDailyJobs: whole(env, 'DELIVERY_USER_DAILY_JOBS', 20, 1),
    userDailyRecipients: whole(env, 'DELIVERY_USER_DAILY_RECIPIENTS', 10000, 1),
    retentionDays: whole(env, 'DELIVERY_RETENTION_DAYS', 30, 1),
    connections: whole(env, 'MAIL_CONNECTIONS', 5, 1),
  };
}

export const DEFAULT_DELIVERY_CONFIG = loadDeliveryConfig({});
