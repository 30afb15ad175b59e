import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pressOn, releaseOn } from '../../test/pointer-press.js';
import { renderWithProviders } from '../../test/render.js';
import { useBlurValidatedForm } from './use-blur-validated-form.js';

const TOO_SHORT = 'At least 3 characters';
const ZName = z.object({ name: z.string().trim().min(3, TOO_SHORT) });

function NameForm() {
  const form = useBlurValidatedForm<z.infer<typeof ZName>>({
    resolver: zodResolver(ZName),
    defaultValues: { name: '' },
  });
  return (
    <form noValidate>
      <TextInput label="Name" error={form.formState.errors.name?.message} {...form.register('name')} />
      <Anchor component={Link} to="/elsewhere">
        Elsewhere
      </Anchor>
      <Button type="button">Stay</Button>
    </form>
  );
}

function renderNameForm() {
  return renderWithProviders(null, {
    routes: [
      { path: '/', element: <NameForm /> },
      { path: '/elsewhere', element: <h1>Elsewhere page</h1> },
    ],
  });
}

const nameField = () => screen.getByRole('textbox', { name: 'Name' });

describe('useBlurValidatedForm', () => {
  it('checks a field as soon as it is left', async () => {
    const user = userEvent.setup();
    renderNameForm();

    await user.type(nameField(), 'ab');
    await user.tab();

    expect(await screen.findByText(TOO_SHORT)).toBeInTheDocument();
  });

  it('shows nothing while a press on a link is held, so the link stays under the pointer, and follows it', async () => {
    const user = userEvent.setup();
    renderNameForm();
    await user.type(nameField(), 'ab');
    const link = screen.getByRole('link', { name: 'Elsewhere' });

    await pressOn(user, link);
    expect(nameField()).not.toHaveFocus();
    expect(screen.queryByText(TOO_SHORT)).not.toBeInTheDocument();

    await releaseOn(user, link);
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
  });

  it('checks the left field once the click is made, when the page stays', async () => {
    const user = userEvent.setup();
    renderNameForm();
    await user.type(nameField(), 'ab');
    const stay = screen.getByRole('button', { name: 'Stay' });

    await pressOn(user, stay);
    expect(screen.queryByText(TOO_SHORT)).not.toBeInTheDocument();
    await releaseOn(user, stay);

    expect(await screen.findByText(TOO_SHORT)).toBeInTheDocument();
  });

  it('checks the left field when the press ends away from where it began, with no click', async () => {
    const user = userEvent.setup();
    renderNameForm();
    await user.type(nameField(), 'ab');

    await pressOn(user, screen.getByRole('button', { name: 'Stay' }));
    await releaseOn(user, document.body);

    expect(await screen.findByText(TOO_SHORT)).toBeInTheDocument();
  });
});

describe('the forms of the app', () => {
  const sources = import.meta.glob<string>(['../../features/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });

  it('check their fields on leaving only through useBlurValidatedForm', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const own = Object.entries(sources).filter(([, text]) =>
      /mode:\s*'(onTouched|onBlur|onChange|all)'/.test(text),
    );
    expect(own.map(([file]) => file)).toEqual([]);
  });
});
