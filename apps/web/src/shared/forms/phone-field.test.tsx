import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.js';
import { PhoneField } from './phone-field.js';

interface Values {
  phone: string | null;
}

function Form({ phone, seen }: { phone: string | null; seen: (values: Values) => void }) {
  const form = useForm<Values>({ defaultValues: { phone } });
  return (
    <form onSubmit={form.handleSubmit(seen)}>
      <PhoneField control={form.control} name="phone" label="Phone" />
      <button type="submit">Save</button>
    </form>
  );
}

const phone = () => screen.getByRole('textbox', { name: 'Phone' });

describe('PhoneField', () => {
  it('shows a field that holds null as empty', () => {
    renderWithProviders(<Form phone={null} seen={() => {}} />);
    expect(phone()).toHaveValue('');
  });

  it("hands the masked number to the form's field", async () => {
    const user = userEvent.setup();
    let saved: Values | null = null;
    renderWithProviders(<Form phone="" seen={(values) => (saved = values)} />);

    await user.type(phone(), '5551234567');
    expect(phone()).toHaveValue('(555) 123-4567');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(saved).toEqual({ phone: '(555) 123-4567' });
  });
});
