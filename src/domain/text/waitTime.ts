// How long a refused attempt must wait, as people say it: seconds under a minute, else whole
// minutes rounded up (a 401-second lockout is 'Try again in 7 minutes').

export interface WaitTime {
  count: number;
  unit: 'second' | 'minute';
}

export function waitTime(seconds: number): WaitTime {
  const whole = Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : 1;
  return whole < 60
    ? { count: whole, unit: 'second' }
    : { count: Math.ceil(whole / 60), unit: 'minute' };
}
