import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.js';
import { DetailField } from './detail-field.js';

describe('DetailField', () => {
  it('shows the value read-only under its label, wrapping, in the direction of its own text', () => {
    renderWithProviders(<DetailField label="Entity name" value="סוכנות אימוץ שלום" />);
    const field = screen.getByRole('textbox', { name: 'Entity name' });
    expect(field).toHaveValue('סוכנות אימוץ שלום');
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveAttribute('dir', 'auto');
    // A textarea wraps a long value; an input would cut it.
    expect(field.tagName).toBe('TEXTAREA');
    expect(field).toHaveStyle({ overflowWrap: 'anywhere' });
  });
});
