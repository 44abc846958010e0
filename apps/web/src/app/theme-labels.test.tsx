import { MantineProvider, PasswordInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { themeWithLabels } from './theme';

describe('themeWithLabels', () => {
  it("gives every PasswordInput's eye button the interface language's name, not Mantine's English", () => {
    render(
      <MantineProvider
        env="test"
        theme={themeWithLabels({ close: 'Tutup', togglePassword: 'Tampilkan password' })}
      >
        <PasswordInput label="Password" />
      </MantineProvider>,
    );
    // The button is out of the tab order (Mantine's default) but still named for a screen reader.
    expect(screen.getByRole('button', { hidden: true }).getAttribute('aria-label')).toBe(
      'Tampilkan password',
    );
    expect(document.body.innerHTML).not.toContain('Toggle password visibility');
  });
});
