// The plan picker as a field of the form: the plan chosen is the field (validated with the form's
// other fields), the coupons sent with it are not and stay with the screen.
import type { ComponentProps } from 'react';
import { type Control, type FieldPathByValue, type FieldValues, useController } from 'react-hook-form';
import { type PlanChoice, PlanPicker } from '../../billing/index.js';

export interface PlanFieldProps<T extends FieldValues>
  extends Omit<ComponentProps<typeof PlanPicker>, 'value' | 'onChange'> {
  control: Control<T>;
  name: FieldPathByValue<T, string>;
  coupons: string[];
  onChoice: (choice: PlanChoice) => void;
}

export function PlanField<T extends FieldValues>({
  control,
  name,
  coupons,
  onChoice,
  ...picker
}: PlanFieldProps<T>) {
  const { field } = useController({ control, name });
  const priceId = field.value as string;
  return (
    <PlanPicker
      {...picker}
      value={{ priceId: priceId || null, coupons }}
      onChange={(choice) => {
        // Coupons changed alone leave the field untouched: no change, so no validation run.
        if ((choice.priceId ?? '') !== priceId) field.onChange(choice.priceId ?? '');
        onChoice(choice);
      }}
    />
  );
}
