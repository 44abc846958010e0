import type { AppConfig } from './config';
import type { DatabaseKind, Db } from './db/client';
import { FailureLimiter } from './lib/rate-limit';
import type { Mailer } from './mail';
import type { Secrets } from './secrets';

/** What routes and services need besides the request: built once per app. */
export interface AppContext {
  db: Db;
  databaseKind: DatabaseKind;
  config: AppConfig;
  secrets: Secrets;
  /** null when no SMTP is configured. */
  mailer: Mailer | null;
  now: () => Date;
  limits: {
    loginAccount: FailureLimiter;
    loginAddress: FailureLimiter;
    /** Per account and known device (`account\0nonce` of the device cookie). */
    loginDevice: FailureLimiter;
    forgotEmail: FailureLimiter;
    forgotAddress: FailureLimiter;
  };
}

export function createLimits(config: AppConfig, now: () => Date): AppContext['limits'] {
  const clock = () => now().getTime();
  const windowMs = config.loginRateLimit.windowSeconds * 1000;
  return {
    loginAccount: new FailureLimiter(config.loginRateLimit.account, windowMs, clock),
    loginAddress: new FailureLimiter(config.loginRateLimit.address, windowMs, clock),
    loginDevice: new FailureLimiter(config.loginRateLimit.device, windowMs, clock),
    forgotEmail: new FailureLimiter(3, 15 * 60_000, clock),
    forgotAddress: new FailureLimiter(20, 15 * 60_000, clock),
  };
}
