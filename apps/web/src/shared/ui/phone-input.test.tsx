import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.js';
import { PhoneInput } from './phone-input.js';

function Phone() {
  const [value, setValue] = useState('');
  return <PhoneInput label="Phone" value={value} onChange={setValue} />;
}

const phone = () => screen.getByRole('textbox', { name: 'Phone' });

describe('PhoneInput', () => {
  it.each([['+1 555 123 4567'], ['+1 (555) 123-4567'], ['1-555-123-4567'], ['555.123.4567']])(
    'takes %j pasted whole, without its country code',
    async (pasted) => {
      const user = userEvent.setup();
      renderWithProviders(<Phone />);

      await user.click(phone());
      await user.paste(pasted);

      expect(phone()).toHaveValue('(555) 123-4567');
    },
  );

  it('formats as it is typed and stops at ten digits', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Phone />);

    await user.type(phone(), '555123');
    expect(phone()).toHaveValue('(555) 123');
    await user.type(phone(), '456789');
    expect(phone()).toHaveValue('(555) 123-4567');
  });

  it('takes a number typed with its country code once the eleventh digit shows it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Phone />);

    await user.type(phone(), '15551234567');

    expect(phone()).toHaveValue('(555) 123-4567');
  });
});
