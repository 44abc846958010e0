import { defineProject } from 'vitest/config';

// The repository's own tools (tools/*): the import rules' test (decision 061).
export default defineProject({
  test: { name: 'tools', environment: 'node', include: ['**/*.test.ts'], testTimeout: 60_000 },
});
