import { LOGO_MAX_BYTES, SETTING_MESSAGES } from '@erapor/contract/sekolah';
import { describe, expect, it } from 'vitest';
import { logoProblem } from './logo-check';

describe('logoProblem', () => {
  it('accepts jpg, jpeg and png up to exactly 1 MB', () => {
    expect(logoProblem(null)).toBeNull();
    expect(logoProblem({ name: 'logo.PNG', size: LOGO_MAX_BYTES })).toBeNull();
    expect(logoProblem({ name: 'a.jpeg', size: 10 })).toBeNull();
    expect(logoProblem({ name: 'a.jpg', size: 10 })).toBeNull();
  });
  it('refuses other types and files over 1 MB with the server’s messages', () => {
    expect(logoProblem({ name: 'logo.gif', size: 10 })).toBe(SETTING_MESSAGES.logoType);
    expect(logoProblem({ name: 'logo.png.exe', size: 10 })).toBe(SETTING_MESSAGES.logoType);
    expect(logoProblem({ name: 'logo.png', size: LOGO_MAX_BYTES + 1 })).toBe(SETTING_MESSAGES.logoSize);
  });
});
